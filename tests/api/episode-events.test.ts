/** `GET /api/episodes/[id]/events`: the god log, or with `pov` one player's view of it; bad input gets a 400 with a reason. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_FORMAT, importEpisode, type ExportHeader } from "@/lib/arena/export";
import { arenaGames } from "@/lib/arena/games";
import { seatLogView } from "@/lib/arena/redact";
import { pageEntries } from "@/lib/viewer/events-api";
import { playEpisode } from "@/lib/viewer/socialgrid/testing";
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
    }
  });
});
