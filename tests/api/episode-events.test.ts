/**
 * `GET /api/episodes/[id]/events`: the god log, or with `pov` one player's view of it; bad input gets a coded 400
 * with a reason, an unknown episode a coded 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_FORMAT, importEpisode, type ExportHeader } from "@/lib/arena/export";
import { games as arenaGames } from "@/lib/games/registry";
import { seatLogView } from "@/lib/arena/redact";
import { pageEntries } from "@/lib/viewer/events-api";
import { playEpisode } from "@/components/games/socialgrid/testing";
import { apiTestEnv, call, useApiDatabase, type Handler } from "../support/api";
import type { TestDatabase } from "../support/db";

apiTestEnv();
const route = await import("@/app/api/episodes/[id]/events/route");
const events = route.GET as unknown as Handler;

let db: TestDatabase;
const { entries } = playEpisode({ players: 5, impostors: 1, maxSteps: 50, voteEvery: 20 }, 8);
const now = new Date().toISOString();
const header = (episodeId: string, game: string): ExportHeader => ({
  format: EXPORT_FORMAT,
  episodeId,
  game,
  rulesetVersion: "1.0.0",
  config: {},
  seed: 8,
  status: "finished",
  failureReason: null,
  result: null,
  metrics: null,
  demo: false,
  eventCount: entries.length,
  createdAt: now,
  startedAt: now,
  finishedAt: now,
  participants: [0, 1, 2, 3, 4].map((seat) => ({
    seat,
    role: null,
    agentId: "x",
    agentName: "events-route-bot",
    agentKind: "builtin" as const,
  })),
});

beforeAll(async () => {
  db = await useApiDatabase();
  await importEpisode(db.prisma, { header: header("eventsroute", "socialgrid"), events: entries });
  await importEpisode(db.prisma, { header: header("eventsroutex", "retired-game"), events: entries });
});
afterAll(() => db?.destroy());

const get = (id: string, query: string) => call(events, { url: `/api/episodes/${id}/events?${query}`, params: { id } });

describe("GET /api/episodes/[id]/events", () => {
  it("with pov, returns that seat's view of the log, paged like the god log", async () => {
    const seen = seatLogView(arenaGames.socialgrid, 2)!(entries);
    const res = await get("eventsroute", "pov=2&afterSeq=5&limit=40");
    expect(res.status).toBe(200);
    expect(res.body.more).toBe(true);
    expect(pageEntries(res.body)).toEqual(seen.slice(5, 45));
    const god = await get("eventsroute", "afterSeq=5&limit=40");
    expect(pageEntries(god.body)).toEqual(entries.slice(5, 45));
    expect(pageEntries(res.body)).not.toEqual(pageEntries(god.body));
  });

  it("rejects a seat the episode lacks, a malformed seat and a game without player views", async () => {
    for (const [query, id, message] of [
      ["pov=5", "eventsroute", /seat 5 does not exist/],
      ["pov=-1", "eventsroute", /pov/],
      ["pov=two", "eventsroute", /pov/],
      ["pov=1", "eventsroutex", /not available for retired-game/],
    ] as const) {
      const res = await get(id, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(res.body.code, query).toBe("invalid_input");
    }
  });

  it("rejects a malformed id and a bad afterSeq with a coded 400, an unknown episode with a coded 404", async () => {
    for (const id of ["a.b", "../etc", "e".repeat(65), ""]) {
      const res = await get(id, "");
      expect(res.status, id).toBe(400);
      expect(res.body, id).toEqual({
        error: "invalid id: an id is 1-64 letters, digits, _ or -",
        code: "invalid_input",
      });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    for (const query of ["afterSeq=-1", "afterSeq=1.5", "afterSeq=later"]) {
      const res = await get("eventsroute", query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("invalid_input");
      expect(res.body.error, query).toMatch(/^invalid query: afterSeq: /);
      expect(Object.keys(res.body.fieldErrors), query).toEqual(["afterSeq"]);
    }
    const missing = await get("nosuchepisode", "afterSeq=0");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "no episode nosuchepisode", code: "not_found" });
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("serves a settled episode's page as cacheable JSON", async () => {
    const res = await get("eventsroute", "afterSeq=0&limit=3");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.body).toMatchObject({ episodeId: "eventsroute", status: "finished", afterSeq: 0, more: true });
    expect(res.body.events).toHaveLength(3);
  });
});
