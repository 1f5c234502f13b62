/** Agent registrations and test calls are rate-limited per client address, with 429 and Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedWindowLimiter } from "@/lib/security/rate-limit";
import { apiTestEnv, call, useApiDatabase } from "../support/api";
import type { TestDatabase } from "../support/db";

apiTestEnv({ AGENT_CREATE_LIMIT_PER_HOUR: "2", TEST_CALL_LIMIT_PER_MINUTE: "1" });

const agents = await import("@/app/api/agents/route");
const agentTest = await import("@/app/api/agents/test/route");

let db: TestDatabase;
beforeAll(async () => {
  db = await useApiDatabase();
});
afterAll(() => db.destroy());

const from = (ip: string, extra: Record<string, string> = {}) => ({ "x-arena-client-ip": ip, ...extra });
const body = (name: string) => ({ kind: "remote", name, url: "http://127.0.0.1:9/a", games: ["socialgrid"] });

describe("rate limits", () => {
  it("refuses the third registration from one address within the hour, counting invalid attempts too", async () => {
    expect(
      (
        await call(agents.POST, {
          method: "POST",
          url: "/api/agents",
          body: body("first one"),
          headers: from("198.51.100.1"),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(agents.POST, {
          method: "POST",
          url: "/api/agents",
          body: { name: "x" },
          headers: from("198.51.100.1"),
        })
      ).status,
    ).toBe(400);
    // A forged X-Forwarded-For does not make a new client (TRUST_PROXY is off).
    const refused = await call(agents.POST, {
      method: "POST",
      url: "/api/agents",
      body: body("third one"),
      headers: from("198.51.100.1", { "x-forwarded-for": "192.0.2.99" }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3_500);
    expect(refused.body.error).toMatch(/too many agent registrations from your address; try again in \d+ s/);
    expect(refused.body.code).toBe("rate_limited");
    expect(await db.prisma.agent.count({ where: { name: "third one" } })).toBe(0);
    expect(
      (
        await call(agents.POST, {
          method: "POST",
          url: "/api/agents",
          body: body("other client"),
          headers: from("198.51.100.2"),
        })
      ).status,
    ).toBe(201);
  });

  it("limits test calls per minute", async () => {
    const test = () =>
      call(agentTest.POST, {
        method: "POST",
        url: "/api/agents/test",
        body: { kind: "remote", url: "http://127.0.0.1:9/a" },
        headers: from("198.51.100.3"),
      });
    expect((await test()).status).toBe(200);
    const refused = await test();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.body.code).toBe("rate_limited");
  });
});

describe("FixedWindowLimiter", () => {
  it("opens a new window once the old one has passed", () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 1_000, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")].map((v) => v.allowed)).toEqual([
      true,
      true,
      false,
    ]);
    now = 400;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1_000;
    expect(limiter.take("a").allowed).toBe(true);
    expect(new FixedWindowLimiter(0, 1_000).take("a").allowed).toBe(true);
  });
});
