/**
 * Real SocialGrid league episodes (random bots) → the background maintainer → the leaderboard API. The
 * ratings served equal the pure rating functions' output on the same episodes, read straight from the
 * episode rows; metrics equal aggregateByAgent; requests are served from the stored result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregateByAgent, type EpisodeMetrics } from "@/engine/games/socialgrid/metrics";
import {
  bootstrapLeagueElo,
  DEFAULT_ELO,
  headToHead,
  leagueGameToRated,
  openSkillRatings,
  type HeadToHeadGame,
} from "@/engine/ratings";
import { isDecisionsEvent, type DecisionsEvent } from "@/lib/arena/events";
import { readAllEvents } from "@/lib/arena/store";
import { computeFromRows, computeOffThread } from "@/lib/leaderboard/compute-worker";
import { tallyDecisions } from "@/lib/leaderboard/facts";
import { ADMIN_TOKEN, apiTestEnv, arenaRunner, call, maintainer, randomBots, useApiDatabase } from "../support/api";
import type { TestDatabase } from "../support/db";

apiTestEnv();

const leaderboard = await import("@/app/api/leaderboard/route");
const leagues = await import("@/app/api/leagues/route");
const leagueById = await import("@/app/api/leagues/[id]/route");
const episodesApi = await import("@/app/api/episodes/route");
const agentById = await import("@/app/api/agents/[id]/route");

const BOOTSTRAP = { rounds: 50, seed: 0, confidence: 0.95 };

let db: TestDatabase;
let bots: string[];
let leagueId: string;

async function finishedGames(): Promise<HeadToHeadGame[]> {
  const rows = await db.prisma.episode.findMany({
    where: { status: "finished", demo: false },
    include: { participants: true },
  });
  return rows.map((e) => {
    const agentIn = (role: string) => e.participants.find((p) => p.role === role)!.agentId;
    return {
      id: e.id,
      order: e.finishedAt!.getTime(),
      crewAgent: agentIn("crewmate"),
      impostorAgent: agentIn("impostor"),
      winner: (e.result as { winner: "crew" | "impostors" }).winner,
      crewDetection: (e.metrics as unknown as EpisodeMetrics).episode.crewDetection,
    };
  });
}

async function runQueued() {
  const runner = arenaRunner(db.prisma);
  for (const { id } of await db.prisma.episode.findMany({
    where: { status: "queued" },
    orderBy: { createdAt: "asc" },
  })) {
    expect(await runner.run(id)).toBe("finished");
  }
}

beforeAll(async () => {
  db = await useApiDatabase();
  bots = await randomBots(db.prisma, 3);
  const created = await call(leagues.POST, {
    method: "POST",
    url: "/api/leagues",
    token: ADMIN_TOKEN,
    body: {
      name: "Random round robin",
      pairing: "round-robin",
      agents: bots,
      configs: [{ maxSteps: 60 }, { maxSteps: 60, players: 5, impostors: 1 }],
      seeds: [1, 2],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.league.episodes).toBe(24);
  leagueId = created.body.league.id;
  await runQueued();
  expect(await maintainer(db.prisma).sync()).toEqual({ indexed: 24, recomputed: ["socialgrid"] });
}, 240_000);
afterAll(() => db.destroy());

describe("ratings shown equal the pure functions' output on the same episodes", () => {
  it("league Elo with bootstrap intervals and CI-aware ranks, OpenSkill, head-to-head", async () => {
    const games = await finishedGames();
    const elo = bootstrapLeagueElo(games, DEFAULT_ELO, BOOTSTRAP);
    const skill = openSkillRatings(games.map(leagueGameToRated));
    const { status, body } = await call(leaderboard.GET, { url: "/api/leaderboard?game=socialgrid" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ game: "socialgrid", episodes: 24, eloGames: 24, roles: ["crewmate", "impostor"] });
    expect(body.rows).toHaveLength(6);
    for (const row of body.rows) {
      const expected = elo.find((e) => e.agent === row.agentId)![row.role === "crewmate" ? "crew" : "impostor"];
      expect(row.elo).toEqual({
        rating: expected.rating,
        lower: expected.lower,
        upper: expected.upper,
        games: expected.games,
      });
      expect(row.rank).toBe(expected.rank);
      expect(row.games).toBe(expected.games);
      expect(row.wins).toBe(expected.wins);
      const s = skill.find((k) => k.agent === row.agentId && k.role === row.role)!;
      expect(row.openSkill).toEqual({ mu: s.mu, sigma: s.sigma, ordinal: s.ordinal });
    }
    const h2h = headToHead(games);
    expect(body.headToHead.agents.map((a: { id: string }) => a.id)).toEqual(h2h.agents);
    for (const matrix of [
      "games",
      "winRate",
      "crewGames",
      "crewWinRate",
      "detectionVotes",
      "detectionAccuracy",
    ] as const) {
      expect(body.headToHead[matrix]).toEqual(h2h[matrix]);
    }
    const stored = await db.prisma.rating.findMany({ where: { game: "socialgrid", system: "elo" } });
    expect(stored).toHaveLength(6);
    for (const r of stored) {
      const expected = elo.find((e) => e.agent === r.agentId)![r.role === "crewmate" ? "crew" : "impostor"];
      expect((r.values as { rating: number }).rating).toBe(expected.rating);
    }
  });

  it("metrics equal aggregateByAgent and decision figures equal the decisions events", async () => {
    const rows = await db.prisma.episode.findMany({ where: { status: "finished" }, include: { participants: true } });
    const expected = aggregateByAgent(
      rows.map((e) => ({
        metrics: e.metrics as unknown as EpisodeMetrics,
        seatAgents: Object.fromEntries(e.participants.map((p) => [p.seat, p.agentId])),
      })),
    );
    const decisions = new Map<string, { n: number; latency: number; invalid: number }>();
    for (const e of rows) {
      const events = (await readAllEvents(db.prisma, e.id))
        .map((x) => x.payload)
        .filter(isDecisionsEvent) as DecisionsEvent[];
      for (const [seat, tally] of tallyDecisions(events)) {
        const p = e.participants.find((x) => x.seat === seat)!;
        const key = `${p.agentId}/${p.role}`;
        const sum = decisions.get(key) ?? { n: 0, latency: 0, invalid: 0 };
        decisions.set(key, {
          n: sum.n + tally.decisions,
          latency: sum.latency + tally.latencyMs,
          invalid: sum.invalid + tally.invalid,
        });
      }
    }
    const board = (await call(leaderboard.GET, { url: "/api/leaderboard" })).body;
    for (const bot of bots) {
      const profile = (await call(agentById.GET, { url: "/a", params: { id: bot } })).body;
      expect(profile.ratings).toHaveLength(2);
      for (const m of profile.metrics) {
        const want = expected.find((a) => a.agent === bot && a.role === m.role)!;
        // The game's figures, summed per episode and read by its stats, equal the aggregate over all episodes.
        const stat = (key: string) => m.stats.find((x: { key: string }) => x.key === key)?.value;
        const ratio = (num: number, den: number) => (den > 0 ? num / den : null);
        expect(m.games).toBe(want.episodes);
        expect(m.wins).toBe(want.wins);
        if (m.role === "crewmate") {
          expectClose(
            { tp: stat("tp"), psr: stat("psr"), pp: stat("pp"), brier: stat("brier"), volatility: stat("volatility") },
            {
              tp: want.tp.mean,
              psr: want.psr.mean,
              pp: want.pp.mean,
              brier: want.brier.mean,
              volatility: want.volatility.mean,
            },
          );
          expectClose(stat("detection"), want.detection.accuracy);
        } else {
          expectClose(stat("misdirection"), ratio(want.impostorVotes.misdirection, want.impostorVotes.votes));
          expectClose(stat("brier"), want.brier.mean);
        }
        expectClose(stat("stuckness"), want.failures.stuckness);
        expectClose(
          Object.fromEntries(m.radar.axes.map((a: { key: string; value: number }) => [a.key, a.value])),
          want.failures.fractions,
        );
        const d = decisions.get(`${bot}/${m.role}`)!;
        expect(m.decisions.decisions).toBe(d.n);
        const row = board.rows.find((r: { agentId: string; role: string }) => r.agentId === bot && r.role === m.role);
        expect(row.meanLatencyMs).toBeCloseTo(d.latency / d.n, 9);
        expect(row.invalidRate).toBeCloseTo(d.invalid / d.n, 9);
        if (m.role === "crewmate") expect(row.figures.tp).toBeCloseTo(want.tp.mean!, 9);
      }
    }
  });
});

describe("off the event loop", () => {
  it("a worker thread computes the same leaderboard as the inline computation", async () => {
    const rows = (await db.prisma.episodeOutcome.findMany()).map((r) => ({
      episodeId: r.episodeId,
      finishedAt: r.finishedAt.getTime(),
      facts: JSON.stringify(r.facts),
    }));
    const job = { game: "socialgrid", rows, options: { bootstrap: BOOTSTRAP } };
    const { computedAt: _a, ...inline } = computeFromRows(job);
    const { computedAt: _b, ...offThread } = await computeOffThread(job);
    expect(offThread).toEqual(inline);
  }, 60_000);
});

describe("serving", () => {
  it("answers from the stored result and changes only after the maintainer recomputes", async () => {
    const first = (await call(leaderboard.GET, { url: "/api/leaderboard" })).body;
    await call(leagues.POST, {
      method: "POST",
      url: "/api/leagues",
      token: ADMIN_TOKEN,
      body: {
        name: "One more",
        pairing: "crew-vs-impostors",
        crewAgents: [bots[0]],
        impostorAgents: [bots[1]],
        configs: [{ maxSteps: 40 }],
        seeds: [9],
      },
    });
    await runQueued();
    const unchanged = (await call(leaderboard.GET, { url: "/api/leaderboard" })).body;
    expect(unchanged.computedAt).toBe(first.computedAt);
    expect(unchanged.episodes).toBe(24);
    expect(await maintainer(db.prisma).sync()).toEqual({ indexed: 1, recomputed: ["socialgrid"] });
    const updated = (await call(leaderboard.GET, { url: "/api/leaderboard" })).body;
    expect(updated.episodes).toBe(25);
    expect(updated.computedAt > first.computedAt).toBe(true);
    expect((await maintainer(db.prisma).sync()).indexed).toBe(0);
  });

  it("filters by role, kind, games and provisional status", async () => {
    const get = async (q: string) =>
      (await call(leaderboard.GET, { url: `/api/leaderboard?${q}` })).body.rows as Array<{
        role: string;
        provisional: boolean;
        games: number;
      }>;
    expect((await get("role=impostor")).every((r) => r.role === "impostor")).toBe(true);
    expect(await get("kind=remote")).toEqual([]);
    expect((await get("kind=builtin")).length).toBe(6);
    expect((await get("minGames=9")).every((r) => r.games >= 9)).toBe(true);
    expect((await get("provisional=only")).every((r) => r.provisional)).toBe(true);
    expect((await get("provisional=exclude")).every((r) => !r.provisional && r.games >= 3)).toBe(true);
  });
});

describe("league progress", () => {
  it("reports 100% with standings and every episode", async () => {
    const { body } = await call(leagueById.GET, { url: "/l", params: { id: leagueId } });
    expect(body.progress).toMatchObject({ total: 24, done: 24, finished: 24, percent: 100 });
    expect(body.standings).toHaveLength(3);
    expect(body.standings.reduce((n: number, s: { games: number }) => n + s.games, 0)).toBe(48);
    expect(body.episodes).toHaveLength(24);
    const listed = await call(episodesApi.GET, { url: `/api/episodes?league=${leagueId}&limit=100` });
    expect(listed.body.episodes.map((e: { id: string }) => e.id).sort()).toEqual(
      body.episodes.map((e: { episodeId: string }) => e.episodeId).sort(),
    );
    const page = await call(episodesApi.GET, { url: `/api/episodes?league=${leagueId}&limit=10` });
    const next = await call(episodesApi.GET, {
      url: `/api/episodes?league=${leagueId}&limit=10&cursor=${page.body.nextCursor}`,
    });
    expect(new Set([...page.body.episodes, ...next.body.episodes].map((e: { id: string }) => e.id)).size).toBe(20);
    const all = (await call(leagues.GET, { url: "/api/leagues" })).body.leagues;
    expect(all.find((l: { id: string }) => l.id === leagueId).progress.percent).toBe(100);
  });
});

/** Deep equality with numbers compared to 1e-9 (merged means are re-weighted sums). */
function expectClose(actual: unknown, expected: unknown, path = "") {
  if (typeof expected === "number" && typeof actual === "number") {
    expect(actual, path).toBeCloseTo(expected, 9);
  } else if (expected && typeof expected === "object") {
    expect(typeof actual, path).toBe("object");
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

describe("a game without league sides", () => {
  it("ranks each role by OpenSkill, on the leaderboard and the agent page alike", async () => {
    const ids: string[] = [];
    for (const name of ["random", "scripted"]) {
      const row = await db.prisma.agent.create({
        data: { name: `ww-${name}`, kind: "builtin", config: { name, seed: 7 }, games: ["werewolf"] },
      });
      ids.push(row.id);
    }
    const created = await call(leagues.POST, {
      method: "POST",
      url: "/api/leagues",
      token: ADMIN_TOKEN,
      body: {
        name: "Werewolf pair",
        game: "werewolf",
        pairing: "round-robin",
        agents: ids,
        configs: [{}],
        seeds: [1, 2],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await runQueued();
    expect((await maintainer(db.prisma).sync()).recomputed).toEqual(["werewolf"]);

    const board = (await call(leaderboard.GET, { url: "/api/leaderboard?game=werewolf" })).body;
    expect(board.teamRoles).toBeNull();
    expect(board.roles).toEqual(["Werewolf", "Seer", "Doctor", "Villager"]);
    for (const id of ids) {
      const profile = (await call(agentById.GET, { url: `/api/agents/${id}`, params: { id } })).body;
      const rows = board.rows.filter((r: { agentId: string }) => r.agentId === id);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const rating = profile.ratings.find((r: { game: string; role: string }) => r.role === row.role);
        expect(rating).toMatchObject({ game: "werewolf", elo: null, rank: row.rank, openSkill: row.openSkill });
        expect(rating.rank).toBeGreaterThanOrEqual(1);
      }
      // The agent page's figures are the game's own (agreement, Brier) in every role it played.
      for (const m of profile.metrics)
        expect(m.stats.map((s: { key: string }) => s.key)).toEqual(["agreement", "brier"]);
    }
  });
});
