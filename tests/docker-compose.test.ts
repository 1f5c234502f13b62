import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envSchema } from "@/lib/env";

// Docker cannot run on the CI machines, so the compose file is checked structurally here.
const healthcheck = z
  .object({
    test: z.union([z.string(), z.array(z.string()).min(1)]),
    interval: z.string().optional(),
    timeout: z.string().optional(),
    retries: z.number().int().optional(),
  })
  .strict();
const service = z
  .object({
    image: z.string().optional(),
    build: z.union([z.string(), z.object({ context: z.string() }).passthrough()]).optional(),
    command: z.union([z.string(), z.array(z.string())]).optional(),
    environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    ports: z.array(z.string().regex(/^\d+:\d+$/)).optional(),
    volumes: z.array(z.string()).optional(),
    healthcheck: healthcheck.optional(),
    depends_on: z
      .record(
        z.string(),
        z.object({ condition: z.enum(["service_started", "service_healthy", "service_completed_successfully"]) }),
      )
      .optional(),
  })
  .strict()
  .refine((s) => s.image || s.build, "a service needs an image or a build");
const compose = z
  .object({ services: z.record(z.string(), service), volumes: z.record(z.string(), z.null()).optional() })
  .strict();

describe("docker-compose.yml", () => {
  const file = compose.parse(parse(readFileSync("docker-compose.yml", "utf8")));

  it("runs Postgres, Redis and the app", () => {
    expect(Object.keys(file.services).sort()).toEqual(["app", "postgres", "redis"]);
    expect(file.services.app.ports).toContain("3000:3000");
  });

  it("only depends on services and volumes it defines, and waits for healthy ones", () => {
    for (const [name, svc] of Object.entries(file.services)) {
      for (const [dep, { condition }] of Object.entries(svc.depends_on ?? {})) {
        expect(file.services[dep], `${name} depends on ${dep}`).toBeDefined();
        if (condition === "service_healthy") expect(file.services[dep].healthcheck, `${dep} healthcheck`).toBeDefined();
      }
      for (const volume of svc.volumes ?? []) {
        const source = volume.split(":")[0];
        if (!source.startsWith(".") && !source.startsWith("/"))
          expect(Object.keys(file.volumes ?? {})).toContain(source);
      }
    }
  });

  it("gives the app an environment the app accepts, pointing at the compose services", () => {
    const appEnv = Object.fromEntries(
      Object.entries(file.services.app.environment ?? {}).map(([k, v]) => [k, String(v)]),
    );
    const parsed = envSchema.parse(appEnv);
    expect(new URL(parsed.DATABASE_URL!).hostname).toBe("postgres");
    expect(new URL(parsed.REDIS_URL!).hostname).toBe("redis");
    const pg = file.services.postgres.environment!;
    expect(parsed.DATABASE_URL).toBe(
      `postgresql://${pg.POSTGRES_USER}:${pg.POSTGRES_PASSWORD}@postgres:5432/${pg.POSTGRES_DB}`,
    );
  });

  it("builds the app from a Dockerfile that installs, builds and starts it", () => {
    expect(existsSync("Dockerfile")).toBe(true);
    const dockerfile = readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]/);
  });
});
