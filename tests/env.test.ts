import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("environment validation", () => {
  it("fills defaults: embedded database, port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(".data");
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid environment: PORT must be a port number \(got "abc"\)$/],
    [{ PORT: "70000" }, /PORT must be between 1 and 65535/],
    [{ DATABASE_URL: "mysql://localhost/db" }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL must be/],
    [{ REDIS_URL: "http://localhost" }, /REDIS_URL must be a redis:\/\//],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
  ])("rejects %j with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", DATABASE_URL: "nope" })).toThrow(/PORT .*; DATABASE_URL /);
  });

  it("stops `npm start` with one clear line before anything is built", () => {
    const result = spawnSync("node", ["scripts/tasks.mjs", "start"], {
      env: { ...process.env, PORT: "abc" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr
      .trim()
      .split("\n")
      .filter((l) => !l.startsWith("npm warn"));
    expect(lines).toEqual(['Invalid environment: PORT must be a port number (got "abc")']);
  });
});

describe("embedded database location", () => {
  it("honours an absolute DATA_DIR and resolves a relative one against the working directory", async () => {
    const { targetFromEnv } = await import("@/lib/db/client");
    expect(targetFromEnv(parseEnv({ DATA_DIR: "/srv/arena" }))).toEqual({
      kind: "embedded",
      dataDir: "/srv/arena/pglite",
    });
    expect(targetFromEnv(parseEnv({ DATA_DIR: "data" }))).toEqual({
      kind: "embedded",
      dataDir: `${process.cwd()}/data/pglite`,
    });
  });
});
