import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_FORMAT, importEpisode } from "@/lib/arena/export";
import { createTestDatabase, type TestDatabase } from "@/tests/support/db";
import { games as arenaGames } from "@/lib/games/registry";
import { seatLogView } from "@/lib/arena/redact";
import { eventsPageBody, seatEventsPageBody } from "./event-page";
import { pageEntries, type EventsPage } from "./events-api";
import { playEpisode } from "@/components/games/socialgrid/testing";

let db: TestDatabase;
const { entries } = playEpisode({ maxSteps: 60, voteEvery: 20 }, 4);
const episode = { id: "viewerpagetest", status: "finished" as const, eventCount: entries.length };

beforeAll(async () => {
  db = await createTestDatabase();
  const now = new Date().toISOString();
  await importEpisode(db.prisma, {
    header: {
      format: EXPORT_FORMAT,
      episodeId: episode.id,
      game: "socialgrid",
      rulesetVersion: "1.0.0",
      config: {},
      seed: 4,
      status: "finished",
      failureReason: null,
      result: null,
      metrics: null,
      demo: false,
      eventCount: entries.length,
      createdAt: now,
      startedAt: now,
      finishedAt: now,
      participants: [0, 1, 2, 3, 4, 5, 6].map((seat) => ({
        seat,
        role: null,
        agentId: "x",
        agentName: "viewer-page-bot",
        agentKind: "builtin" as const,
      })),
    },
    events: entries,
  });
});

afterAll(() => db?.destroy());

describe("events page", () => {
  it("returns the stored payloads in seq order as valid JSON", async () => {
    const page = JSON.parse(await eventsPageBody(db.prisma, episode, 0, 20_000)) as EventsPage;
    expect(page).toMatchObject({ episodeId: episode.id, status: "finished", afterSeq: 0, more: false });
    expect(pageEntries(page)).toEqual(entries);
  });

  it("pages from any seq and says when more are stored", async () => {
    const first = JSON.parse(await eventsPageBody(db.prisma, episode, 10, 25)) as EventsPage;
    expect(first.more).toBe(true);
    expect(pageEntries(first)).toEqual(entries.slice(10, 35));
    const rest = JSON.parse(await eventsPageBody(db.prisma, episode, entries.length - 3, 25)) as EventsPage;
    expect(rest.more).toBe(false);
    expect(pageEntries(rest).map((e) => e.seq)).toEqual([entries.length - 2, entries.length - 1, entries.length]);
    const none = JSON.parse(await eventsPageBody(db.prisma, episode, entries.length, 25)) as EventsPage;
    expect(none.events).toEqual([]);
  });

  it("with a seat, pages through that player's view of the log", async () => {
    const seen = seatLogView(arenaGames.socialgrid, 3)!(entries);
    const whole = JSON.parse(
      (await seatEventsPageBody(db.prisma, episode, arenaGames.socialgrid, 3, 0, 20_000))!,
    ) as EventsPage;
    expect(whole.more).toBe(false);
    expect(pageEntries(whole)).toEqual(seen);
    expect(seen.some((e) => e.type === "hidden")).toBe(true);
    const middle = JSON.parse(
      (await seatEventsPageBody(db.prisma, episode, arenaGames.socialgrid, 3, 10, 25))!,
    ) as EventsPage;
    expect(middle.more).toBe(true);
    expect(pageEntries(middle)).toEqual(seen.slice(10, 35));
  });
});
