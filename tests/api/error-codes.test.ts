/**
 * One error style: `ApiError` carries a code derived from its status (or given), `route()` answers every
 * error as `{ error, code, fieldErrors? }`, and the routes outside the JSON API proper (the test API, health,
 * metrics) follow it too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { apiTestEnv, call, useApiDatabase } from "../support/api";
import type { TestDatabase } from "../support/db";

apiTestEnv({ ARENA_TEST_API: "true" });

const { API_ERROR_STATUS, ApiError, codeOfStatus, errorResponse, idSchema, route } = await import("@/lib/api/http");
const { setArenaRuntime } = await import("@/lib/arena/runtime");
const { games: arenaGames } = await import("@/lib/games/registry");
const testEpisodes = await import("@/app/api/test/episodes/route");
const testImport = await import("@/app/api/test/import/route");
const health = await import("@/app/api/health/route");
const metrics = await import("@/app/api/metrics/route");

let db: TestDatabase;
beforeAll(async () => {
  db = await useApiDatabase();
  await db.prisma.agent.create({
    data: { name: "codes-bot", kind: "builtin", config: { name: "arena-random" }, games: ["socialgrid"] },
  });
});
afterAll(async () => {
  setArenaRuntime(undefined);
  await db.destroy();
});

describe("ApiError and route()", () => {
  it("derives the code from the status, and the status from a given code", () => {
    expect(Object.entries(API_ERROR_STATUS)).toEqual([
      ["invalid_input", 400],
      ["unauthorized", 401],
      ["forbidden", 403],
      ["not_found", 404],
      ["method_not_allowed", 405],
      ["conflict", 409],
      ["payload_too_large", 413],
      ["unsupported_media_type", 415],
      ["rate_limited", 429],
      ["internal", 500],
      ["unavailable", 503],
    ]);
    for (const [code, status] of Object.entries(API_ERROR_STATUS)) {
      expect(new ApiError(status, "x").code).toBe(code);
      const given = new ApiError(code as keyof typeof API_ERROR_STATUS, "x");
      expect([given.status, given.code]).toEqual([status, code]);
    }
    expect(codeOfStatus(422)).toBe("invalid_input");
    expect(codeOfStatus(502)).toBe("internal");
  });

  it("answers an ApiError with its code, field errors and headers", async () => {
    const res = errorResponse(new ApiError(429, "slow down", { url: ["too often"] }, { "retry-after": "5" }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "slow down", code: "rate_limited", fieldErrors: { url: ["too often"] } });
  });

  it("turns anything unexpected into a coded 500 without details", async () => {
    const failing = route(async () => {
      throw new Error("secret database password in a stack trace");
    });
    const res = await call(failing, { url: "/api/anything" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "internal error; the arena logged the details", code: "internal" });
  });

  it("has one id schema", () => {
    expect(idSchema.safeParse("cm1abc_DEF-2").success).toBe(true);
    expect(idSchema.safeParse("a".repeat(64)).success).toBe(true);
    for (const bad of ["", "a".repeat(65), "a.b", "a/b", "a b", "é"]) {
      const parsed = idSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message).toBe("an id is 1-64 letters, digits, _ or -");
    }
  });
});

describe("POST /api/test/episodes", () => {
  const create = (body: unknown, headers?: Record<string, string>) =>
    call(testEpisodes.POST, { method: "POST", url: "/api/test/episodes", body, headers });

  it("rejects a malformed body like every JSON route", async () => {
    expect(await create("{")).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    const wrong = await create({ seed: "one", agents: [] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("invalid_input");
    expect(Object.keys(wrong.body.fieldErrors).sort()).toEqual(["agents", "seed"]);
    const text = await create(JSON.stringify({}), { "content-type": "text/plain" });
    expect(text).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });
  });

  it("is unavailable without an arena runtime in the process", async () => {
    setArenaRuntime(undefined);
    const res = await create({});
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: "no arena runtime in this process", code: "unavailable" });
  });

  it("names an unknown game, a bad config and unknown agents; a refused submission is a 400", async () => {
    let submitted: unknown;
    setArenaRuntime({
      options: { games: arenaGames },
      submit: async (spec: { seed: number }) => {
        submitted = spec;
        if (spec.seed === 13) throw new Error("the queue refused it");
        return "queued-episode";
      },
    } as never);
    const game = await create({ game: "chess", agents: ["codes-bot"] });
    expect(game).toMatchObject({ status: 400, body: { error: "unknown game chess", code: "invalid_input" } });
    const config = await create({ config: { roomSize: 2 }, agents: ["codes-bot"] });
    expect(config.status).toBe(400);
    expect(config.body.code).toBe("invalid_input");
    expect(config.body.fieldErrors).toHaveProperty(["config.roomSize"]);
    const agents = await create({ agents: ["codes-bot", "nobody"] });
    expect(agents).toMatchObject({ status: 400, body: { error: "unknown agents: nobody", code: "invalid_input" } });
    const refused = await create({ seed: 13, agents: ["codes-bot"] });
    expect(refused).toMatchObject({ status: 400, body: { error: "the queue refused it", code: "invalid_input" } });
    expect(submitted).toBeDefined();
    const created = await create({ seed: 2, agents: ["codes-bot"] });
    expect(created).toMatchObject({ status: 201, body: { id: "queued-episode" } });
    setArenaRuntime(undefined);
  });
});

describe("POST /api/test/import", () => {
  it("rejects a body that is not an export with a coded 400", async () => {
    const res = await call(testImport.POST, {
      method: "POST",
      url: "/api/test/import",
      body: "this is not NDJSON",
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_input");
    expect(typeof res.body.error).toBe("string");
  });
});

describe("GET /api/health and /api/metrics", () => {
  it("reports a reachable database with 200 and no error fields", async () => {
    const res = await call(health.GET, { url: "/api/health" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { reachable: true } });
    expect(res.body).not.toHaveProperty("code");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers degraded with a coded 503 that keeps the report", async () => {
    const holder = globalThis as { __arenaDatabase?: Promise<Database> };
    const real = holder.__arenaDatabase;
    holder.__arenaDatabase = Promise.resolve({
      withSession: async () => {
        throw new Error("connection refused");
      },
    } as unknown as Database);
    try {
      const res = await call(health.GET, { url: "/api/health" });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: "degraded",
        error: "the database is unreachable",
        code: "unavailable",
        database: { reachable: false, error: "connection refused" },
      });
    } finally {
      holder.__arenaDatabase = real;
    }
  });

  it("serves Prometheus text, not JSON", async () => {
    const res = await metrics.GET(new Request("http://arena.test/api/metrics"), undefined as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toMatch(/^# HELP arena_/m);
  });
});
