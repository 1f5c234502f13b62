/**
 * Every route rejects malformed input with a 4xx status, a message and the status's error code, never a 500,
 * and stores nothing. Table-driven over bodies, query strings, route params and tokens, against the real
 * route handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_TOKEN,
  apiTestEnv,
  call,
  randomBots,
  useApiDatabase,
  type CallOptions,
  type Handler,
} from "../support/api";
import type { TestDatabase } from "../support/db";

apiTestEnv();

const agents = await import("@/app/api/agents/route");
const agentTest = await import("@/app/api/agents/test/route");
const agentById = await import("@/app/api/agents/[id]/route");
const agentByIdTest = await import("@/app/api/agents/[id]/test/route");
const leaderboard = await import("@/app/api/leaderboard/route");
const episodes = await import("@/app/api/episodes/route");
const leagues = await import("@/app/api/leagues/route");
const leagueById = await import("@/app/api/leagues/[id]/route");
const episodeEvents = await import("@/app/api/episodes/[id]/events/route");
const episodeSnapshot = await import("@/app/api/episodes/[id]/snapshot/route");
const episodeExport = await import("@/app/api/episodes/[id]/export/route");
const testEpisodes = await import("@/app/api/test/episodes/route");
const testImport = await import("@/app/api/test/import/route");

/** The documented code of each error status (docs/API.md), spelled out rather than taken from lib/api/http. */
const CODE_OF_STATUS: Record<number, string> = {
  400: "invalid_input",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal",
  503: "unavailable",
};

let db: TestDatabase;
let remoteId: string;
let ownerToken: string;
let bots: string[];
let elsewhere: string;

const remote = { kind: "remote", name: "valid remote", url: "http://127.0.0.1:9/agent", games: ["socialgrid"] };
const llm = {
  kind: "llm",
  name: "valid llm",
  baseURL: "http://127.0.0.1:9/v1",
  model: "m",
  apiKeyEnv: "TEST_LLM_API_KEY",
  games: ["socialgrid"],
};
const league = { name: "league", pairing: "round-robin", configs: [{ maxSteps: 20 }], seeds: [1] };

beforeAll(async () => {
  db = await useApiDatabase();
  const created = await call(agents.POST, { method: "POST", url: "/api/agents", body: remote });
  expect(created.status).toBe(201);
  remoteId = created.body.agent.id;
  ownerToken = created.body.ownerToken;
  bots = await randomBots(db.prisma, 2);
  elsewhere = (
    await db.prisma.agent.create({
      data: { name: "werewolf only", kind: "builtin", config: { name: "arena-random" }, games: ["werewolf"] },
    })
  ).id;
});
afterAll(() => db.destroy());

const cases = (): ReadonlyArray<readonly [string, Handler, CallOptions, number?]> => [
  // GET /api/agents
  ["agents: unknown kind", handlers.agents, { url: "/api/agents?kind=robot" }],
  ["agents: unknown status", handlers.agents, { url: "/api/agents?status=dead" }],
  ["agents: long search", handlers.agents, { url: `/api/agents?q=${"x".repeat(101)}` }],
  ["agents: unknown parameter", handlers.agents, { url: "/api/agents?colour=red" }],
  // POST /api/agents
  ...(
    [
      ["not JSON", "{", 400],
      ["JSON null", "null", 400],
      ["an array", [remote], 400],
      ["empty object", {}, 400],
      ["unknown kind", { ...remote, kind: "grpc" }, 400],
      ["short name", { ...remote, name: "x" }, 400],
      ["long name", { ...remote, name: "n".repeat(41) }, 400],
      ["name with symbols", { ...remote, name: "<script>" }, 400],
      ["name as number", { ...remote, name: 42 }, 400],
      ["url not a URL", { ...remote, url: "not a url" }, 400],
      ["ftp url", { ...remote, url: "ftp://example.com/a" }, 400],
      ["url with credentials", { ...remote, url: "http://user:pw@example.com/a" }, 400],
      ["no games", { ...remote, games: [] }, 400],
      ["unknown game", { ...remote, games: ["chess"] }, 400],
      ["games not a list", { ...remote, games: "socialgrid" }, 400],
      ["timeout as text", { ...remote, timeoutMs: "fast" }, 400],
      ["timeout too small", { ...remote, timeoutMs: 5 }, 400],
      ["description too long", { ...remote, description: "d".repeat(501) }, 400],
      ["llm without model", { ...llm, model: "" }, 400],
      ["llm key variable not *_API_KEY", { ...llm, apiKeyEnv: "DATABASE_URL" }, 400],
      ["llm base URL not allowlisted for the key", { ...llm, baseURL: "https://collector.example.com/v1" }, 400],
      ["llm keyless URL not allowlisted", { ...llm, apiKeyEnv: "", baseURL: "https://collector.example.com/v1" }, 400],
      ["duplicate name (case-insensitive)", { ...remote, name: "VALID REMOTE" }, 409],
      ["body over 64 KB", { ...remote, description: "d".repeat(70_000) }, 413],
    ] as const
  ).map(
    ([name, body, status]) =>
      [`create agent: ${name}`, handlers.agents, { method: "POST", url: "/api/agents", body }, status] as const,
  ),
  [
    "create agent: text/plain",
    handlers.agents,
    { method: "POST", url: "/api/agents", body: JSON.stringify(remote), headers: { "content-type": "text/plain" } },
    415,
  ],
  // POST /api/agents/test
  ["test: empty", handlers.agentTest, { method: "POST", url: "/api/agents/test", body: {} }, 400],
  ["test: not JSON", handlers.agentTest, { method: "POST", url: "/api/agents/test", body: "nope" }, 400],
  [
    "test: bad url",
    handlers.agentTest,
    { method: "POST", url: "/api/agents/test", body: { kind: "remote", url: "localhost" } },
    400,
  ],
  [
    "test: llm to a foreign URL",
    handlers.agentTest,
    { method: "POST", url: "/api/agents/test", body: { ...llm, baseURL: "https://evil.example.com/v1" } },
    400,
  ],
  // /api/agents/[id]
  ["agent: malformed id", handlers.agentById, { url: "/api/agents/..", params: { id: "../etc" } }, 400],
  ["agent: unknown id", handlers.agentById, { url: "/api/agents/nope", params: { id: "nope" } }, 404],
  [
    "agent: wrong owner token",
    handlers.agentById,
    { url: "/api/agents/x", params: { id: "<remote>" }, token: "sa_wrong" },
    403,
  ],
  [
    "patch: no token",
    handlers.patch,
    { method: "PATCH", url: "/api/agents/x", params: { id: "<remote>" }, body: { description: "x" } },
    401,
  ],
  [
    "patch: wrong token",
    handlers.patch,
    { method: "PATCH", url: "/api/agents/x", params: { id: "<remote>" }, body: { description: "x" }, token: "sa_nope" },
    403,
  ],
  ...(
    [
      ["empty patch", {}],
      ["unknown field", { colour: "red" }],
      ["bad status", { status: "deleted" }],
      ["empty name", { name: "" }],
      ["field of another kind", { baseURL: "http://127.0.0.1:9/v1" }],
      ["bad url", { url: "mailto:me@example.com" }],
      ["negative timeout", { timeoutMs: -1 }],
      ["not JSON", "{{"],
    ] as const
  ).map(
    ([name, body]) =>
      [
        `patch: ${name}`,
        handlers.patch,
        { method: "PATCH", url: "/api/agents/x", params: { id: "<remote>" }, body, token: "<owner>" },
        400,
      ] as const,
  ),
  ["delete: no token", handlers.remove, { method: "DELETE", url: "/api/agents/x", params: { id: "<remote>" } }, 401],
  [
    "delete: wrong token",
    handlers.remove,
    { method: "DELETE", url: "/api/agents/x", params: { id: "<remote>" }, token: "sa_nope" },
    403,
  ],
  [
    "delete: unknown agent",
    handlers.remove,
    { method: "DELETE", url: "/api/agents/x", params: { id: "missing" }, token: "<owner>" },
    404,
  ],
  [
    "owner test: no token",
    handlers.ownerTest,
    { method: "POST", url: "/api/agents/x/test", params: { id: "<remote>" } },
    401,
  ],
  [
    "owner test: malformed id",
    handlers.ownerTest,
    { method: "POST", url: "/api/agents/x/test", params: { id: "a/b" }, token: "<owner>" },
    400,
  ],
  // GET /api/leaderboard
  ...[
    "game=SocialGrid",
    "game=chess",
    "kind=robot",
    "minGames=-1",
    "minGames=abc",
    "minGames=1.5",
    "provisional=maybe",
    "sort=elo",
    "role=Crew",
  ].map((q) => [`leaderboard: ${q}`, handlers.leaderboard, { url: `/api/leaderboard?${q}` }, 400] as const),
  // GET /api/episodes
  ...[
    "status=done",
    "limit=0",
    "limit=1000",
    "limit=ten",
    "agent=a%20b",
    "demo=yes",
    "cursor=..",
    "game=Social%20Grid",
    "page=2",
  ].map((q) => [`episodes: ${q}`, handlers.episodes, { url: `/api/episodes?${q}` }, 400] as const),
  // /api/leagues
  ["leagues: query parameters", handlers.leagues, { url: "/api/leagues?x=1" }, 400],
  [
    "create league: no token",
    handlers.createLeague,
    { method: "POST", url: "/api/leagues", body: { ...league, agents: ["<bot0>", "<bot1>"] } },
    401,
  ],
  [
    "create league: wrong token",
    handlers.createLeague,
    {
      method: "POST",
      url: "/api/leagues",
      body: { ...league, agents: ["<bot0>", "<bot1>"] },
      token: "wrong-admin-token-xxxxxx",
    },
    403,
  ],
  ...(
    [
      ["not JSON", "[", 400],
      ["empty", {}, 400],
      ["short name", { ...league, name: "x", agents: ["<bot0>", "<bot1>"] }, 400],
      ["unknown pairing", { ...league, pairing: "swiss", agents: ["<bot0>", "<bot1>"] }, 400],
      ["one agent", { ...league, agents: ["<bot0>"] }, 400],
      ["agent twice", { ...league, agents: ["<bot0>", "<bot0>"] }, 400],
      ["unknown agents", { ...league, agents: ["nobody1", "nobody2"] }, 400],
      ["unknown game", { ...league, game: "chess", agents: ["<bot0>", "<bot1>"] }, 400],
      ["config out of range", { ...league, configs: [{ roomSize: 2 }], agents: ["<bot0>", "<bot1>"] }, 400],
      ["config not an object", { ...league, configs: [3], agents: ["<bot0>", "<bot1>"] }, 400],
      ["no configs", { ...league, configs: [], agents: ["<bot0>", "<bot1>"] }, 400],
      ["negative seed", { ...league, seeds: [-1], agents: ["<bot0>", "<bot1>"] }, 400],
      ["no seeds", { ...league, seeds: [], agents: ["<bot0>", "<bot1>"] }, 400],
      ["zero episodes per pairing", { ...league, episodesPerPairing: 0, agents: ["<bot0>", "<bot1>"] }, 400],
      [
        "too many episodes",
        {
          ...league,
          seeds: Array.from({ length: 50 }, (_, i) => i),
          episodesPerPairing: 6,
          agents: ["<bot0>", "<bot1>"],
        },
        400,
      ],
      ["crew vs impostors without impostors", { ...league, pairing: "crew-vs-impostors", crewAgents: ["<bot0>"] }, 400],
      ["agent not playing the game", { ...league, agents: ["<bot0>", "<elsewhere>"] }, 400],
    ] as const
  ).map(
    ([name, body, status]) =>
      [
        `create league: ${name}`,
        handlers.createLeague,
        { method: "POST", url: "/api/leagues", body, token: ADMIN_TOKEN },
        status,
      ] as const,
  ),
  ["league: malformed id", handlers.leagueById, { url: "/api/leagues/x", params: { id: "a.b" } }, 400],
  ["league: unknown id", handlers.leagueById, { url: "/api/leagues/x", params: { id: "missing" } }, 404],
  // /api/episodes/[id]/… (the viewer's routes)
  ...(["events", "snapshot", "export"] as const).flatMap((what) => [
    [
      `episode ${what}: malformed id`,
      handlers[what],
      { url: `/api/episodes/x/${what}`, params: { id: "a.b" } },
      400,
    ] as const,
    [
      `episode ${what}: id over 64 characters`,
      handlers[what],
      { url: `/api/episodes/x/${what}`, params: { id: "e".repeat(65) } },
      400,
    ] as const,
    [
      `episode ${what}: unknown id`,
      handlers[what],
      { url: `/api/episodes/missing/${what}`, params: { id: "missing" } },
      404,
    ] as const,
  ]),
  ...["afterSeq=-1", "afterSeq=x", "limit=0", "limit=20001", "pov=256"].map(
    (q) =>
      [
        `episode events: ${q}`,
        handlers.events,
        { url: `/api/episodes/missing/events?${q}`, params: { id: "missing" } },
        400,
      ] as const,
  ),
  // /api/test/* while ARENA_TEST_API is off
  ["test episodes: test API off", handlers.testEpisodes, { method: "POST", url: "/api/test/episodes", body: {} }, 404],
  ["test import: test API off", handlers.testImport, { method: "POST", url: "/api/test/import", body: "" }, 404],
];

const handlers: Record<string, Handler> = {
  agents: (r, c) => (r.method === "POST" ? agents.POST(r, c) : agents.GET(r, c)),
  agentTest: agentTest.POST,
  agentById: agentById.GET,
  patch: agentById.PATCH,
  remove: agentById.DELETE,
  ownerTest: agentByIdTest.POST,
  leaderboard: leaderboard.GET,
  episodes: episodes.GET,
  leagues: leagues.GET,
  createLeague: leagues.POST,
  leagueById: leagueById.GET,
  events: episodeEvents.GET,
  snapshot: episodeSnapshot.GET,
  export: episodeExport.GET,
  testEpisodes: testEpisodes.POST,
  testImport: testImport.POST,
};

/** Placeholders for ids and tokens only known once the database is set up. */
function resolve<T>(value: T): T {
  const text = JSON.stringify(value)
    .replaceAll("<elsewhere>", elsewhere)
    .replaceAll("<remote>", remoteId)
    .replaceAll("<owner>", ownerToken)
    .replaceAll("<bot0>", bots[0])
    .replaceAll("<bot1>", bots[1]);
  return JSON.parse(text) as T;
}

describe("malformed input gets a 4xx, a message and a code, never a 500", () => {
  it.each(cases().map(([name, handler, options, status]) => ({ name, handler, options, status })))(
    "$name",
    async ({ handler, options, status }) => {
      const counts = async () => [
        await db.prisma.agent.count(),
        await db.prisma.league.count(),
        await db.prisma.episode.count(),
      ];
      const before = await counts();
      const response = await call(handler, resolve(options));
      expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      if (status) expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(typeof response.body?.error).toBe("string");
      expect(response.body.error.length).toBeGreaterThan(5);
      expect(response.body.code, JSON.stringify(response.body)).toBe(CODE_OF_STATUS[response.status]);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await counts()).toEqual(before);
    },
  );

  it("names the offending fields so the form can show them", async () => {
    const response = await call(agents.POST, {
      method: "POST",
      url: "/api/agents",
      body: { kind: "remote", name: "x", url: "nope", games: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid_input");
    expect(Object.keys(response.body.fieldErrors).sort()).toEqual(["games", "name", "url"]);
    const leagueResponse = await call(leagues.POST, {
      method: "POST",
      url: "/api/leagues",
      token: ADMIN_TOKEN,
      body: { ...league, configs: [{ roomSize: 2 }], agents: bots },
    });
    expect(leagueResponse.body.fieldErrors).toHaveProperty(["configs.0.roomSize"]);
  });
});
