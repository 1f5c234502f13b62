/**
 * Keeps ratings current without computing them per request. When episodes finish (lifecycle messages on
 * the bus, from any process), it waits for a quiet moment (debounce, bounded by a maximum wait), extracts
 * the facts of every finished episode not yet indexed into EpisodeOutcome, and recomputes the touched
 * games' leaderboards with the pure rating functions: Rating rows plus one snapshot per game, which
 * requests read (store.ts). A periodic resync catches anything missed (e.g. while no web node ran).
 * Several web nodes may all do this; the results are identical and the writes idempotent.
 */
import "server-only";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { BootstrapConfig } from "@/engine/ratings";
import type { ArenaBus } from "@/lib/arena/bus";
import type { GameRegistry } from "@/lib/games/registry";
import type { Logger } from "@/lib/arena/log";
import type { LeaderboardData } from "./compute";
import { computeFromRows, computeOffThread, type OutcomeRow } from "./compute-worker";
import { emptyTally, outcomeFacts, type DecisionTally } from "./facts";
import { cacheLeaderboard, forgetLeaderboard, snapshotData } from "./store";

export interface MaintainerOptions {
  prisma: PrismaClient;
  games: GameRegistry;
  logger: Logger;
  debounceMs: number;
  /** Longest a burst of finishing episodes may delay a recompute. Default 10 × debounce (at least 5 s). */
  maxWaitMs?: number;
  resyncEveryMs?: number;
  bootstrap?: BootstrapConfig;
  /** Compute on a worker thread (the web server), or inline (tests, CLIs). */
  offThread?: boolean;
}

export interface SyncReport {
  indexed: number;
  recomputed: string[];
}

const INDEX_BATCH = 250;

export class RatingsMaintainer {
  private timer: NodeJS.Timeout | undefined;
  private pendingSince: number | undefined;
  private running: Promise<SyncReport> | null = null;
  private rerun = false;
  private stopped = false;

  constructor(private readonly options: MaintainerOptions) {}

  /** Listens for finished episodes and syncs once now; returns the stop function. */
  start(bus?: ArenaBus): () => void {
    const unsubscribe = bus?.subscribe((message) => {
      if (message.kind === "lifecycle" && message.change === "finished" && !message.episode.demo) this.request();
    });
    const resync = setInterval(() => this.request(), this.options.resyncEveryMs ?? 60_000);
    resync.unref();
    this.request();
    return () => {
      this.stopped = true;
      unsubscribe?.();
      clearInterval(resync);
      clearTimeout(this.timer);
    };
  }

  /** Schedules a sync after the debounce; repeated requests push it back, up to the maximum wait. */
  request(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.pendingSince ??= now;
    const maxWait = this.options.maxWaitMs ?? Math.max(5_000, 10 * this.options.debounceMs);
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.pendingSince = undefined;
        void this.sync();
      },
      Math.max(0, Math.min(this.options.debounceMs, this.pendingSince + maxWait - now)),
    );
    this.timer.unref();
  }

  /** Indexes new finished episodes and recomputes what changed; one sync at a time (a request meanwhile runs another). */
  sync(): Promise<SyncReport> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.syncOnce()
      .catch((err: unknown) => {
        this.options.logger.error({ err }, "ratings sync failed");
        return { indexed: 0, recomputed: [] };
      })
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          this.request();
        }
      });
    return this.running;
  }

  private async syncOnce(): Promise<SyncReport> {
    const started = performance.now();
    const { indexed, games } = await this.indexPending();
    for (const game of await this.staleGames()) games.add(game);
    for (const game of games) await this.recompute(game);
    if (indexed > 0 || games.size > 0) {
      this.options.logger.info(
        { indexed, recomputed: [...games], ms: Math.round(performance.now() - started) },
        "ratings updated",
      );
    }
    return { indexed, recomputed: [...games] };
  }

  /** Extracts and stores the facts of finished, non-demo episodes that have none yet. */
  private async indexPending(): Promise<{ indexed: number; games: Set<string> }> {
    const { prisma, games } = this.options;
    const touched = new Set<string>();
    const lastPlayed = new Map<string, Date>();
    let indexed = 0;
    for (;;) {
      const batch = await prisma.episode.findMany({
        where: { status: "finished", demo: false, game: { in: Object.keys(games) }, outcome: { is: null } },
        orderBy: { finishedAt: "asc" },
        take: INDEX_BATCH,
        select: {
          id: true,
          game: true,
          result: true,
          metrics: true,
          finishedAt: true,
          participants: { select: { seat: true, agentId: true, role: true } },
        },
      });
      if (batch.length === 0) break;
      const decisions = await this.decisionTallies(batch.map((e) => e.id));
      const outcomes = batch.map((episode) => ({
        episodeId: episode.id,
        game: episode.game,
        finishedAt: episode.finishedAt ?? new Date(),
        facts: outcomeFacts(games[episode.game], {
          participants: episode.participants,
          result: episode.result,
          metrics: episode.metrics,
          seatDecisions: decisions.get(episode.id) ?? new Map(),
        }) as unknown as Prisma.InputJsonValue,
      }));
      await prisma.episodeOutcome.createMany({ data: outcomes, skipDuplicates: true });
      for (const e of batch) {
        touched.add(e.game);
        for (const { agentId } of e.participants) {
          const seen = lastPlayed.get(agentId);
          if (e.finishedAt && (!seen || seen < e.finishedAt)) lastPlayed.set(agentId, e.finishedAt);
        }
      }
      indexed += batch.length;
      if (batch.length < INDEX_BATCH) break;
    }
    for (const [id, at] of lastPlayed) {
      await prisma.agent.updateMany({
        where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
        data: { lastUsedAt: at },
      });
    }
    return { indexed, games: touched };
  }

  /** Decision tallies per episode and seat, summed by the database from the `decisions` events. */
  private async decisionTallies(episodeIds: string[]): Promise<Map<string, Map<number, DecisionTally>>> {
    const rows = await this.options.prisma.$queryRaw<
      Array<{
        episodeId: string;
        seat: string;
        status: string;
        n: number;
        latency: number;
        usages: number;
        tokens: number;
      }>
    >(Prisma.sql`
      SELECT e."episodeId", s.key AS seat, s.value->>'status' AS status, COUNT(*)::int AS n,
             COALESCE(SUM((s.value->>'latencyMs')::float8), 0)::float8 AS latency,
             COUNT(s.value->'usage')::int AS usages,
             COALESCE(SUM((s.value->'usage'->>'inputTokens')::float8 + (s.value->'usage'->>'outputTokens')::float8), 0)::float8 AS tokens
      FROM "EpisodeEvent" e, jsonb_each(e.payload->'seats') s
      WHERE e."episodeId" IN (${Prisma.join(episodeIds)}) AND e.type = 'decisions'
      GROUP BY e."episodeId", s.key, s.value->>'status'`);
    const byEpisode = new Map<string, Map<number, DecisionTally>>();
    for (const row of rows) {
      let seats = byEpisode.get(row.episodeId);
      if (!seats) byEpisode.set(row.episodeId, (seats = new Map()));
      const seat = Number(row.seat);
      const tally = seats.get(seat) ?? emptyTally();
      seats.set(seat, tally);
      tally.decisions += row.n;
      if (row.status === "invalid") tally.invalid += row.n;
      else if (row.status === "timeout") tally.timeouts += row.n;
      else if (row.status === "error") tally.errors += row.n;
      tally.latencyMs += row.latency;
      tally.tokenDecisions += row.usages;
      tally.tokens += row.tokens;
    }
    return byEpisode;
  }

  /** Games whose snapshot does not cover exactly their indexed episodes (first run, episodes deleted, a failed recompute). */
  private async staleGames(): Promise<string[]> {
    const { prisma } = this.options;
    const [counts, snapshots] = await Promise.all([
      prisma.episodeOutcome.groupBy({ by: ["game"], _count: { _all: true } }),
      prisma.leaderboardSnapshot.findMany({ select: { game: true, episodes: true } }),
    ]);
    const indexed = new Map(counts.map((c) => [c.game, c._count._all]));
    const stale = [...indexed]
      .filter(([game, n]) => snapshots.find((s) => s.game === game)?.episodes !== n)
      .map(([game]) => game);
    const orphaned = snapshots.filter((s) => !indexed.has(s.game)).map((s) => s.game);
    return [...stale, ...orphaned];
  }

  async recompute(game: string): Promise<LeaderboardData | null> {
    const { prisma } = this.options;
    // Facts as text: parsing 10,000 of them is the worker's job, not the event loop's.
    const rows = await prisma.$queryRaw<OutcomeRow[]>(Prisma.sql`
      SELECT "episodeId", (EXTRACT(EPOCH FROM "finishedAt") * 1000)::float8 AS "finishedAt", facts::text AS facts
      FROM "EpisodeOutcome" WHERE game = ${game}`);
    if (rows.length === 0) {
      await prisma.$transaction([
        prisma.rating.deleteMany({ where: { game } }),
        prisma.leaderboardSnapshot.deleteMany({ where: { game } }),
      ]);
      forgetLeaderboard(game);
      return null;
    }
    const job = { game, rows, options: { bootstrap: this.options.bootstrap } };
    const data = this.options.offThread ? await computeOffThread(job) : computeFromRows(job);
    const ratings = data.rows.flatMap((row) => [
      ...(row.elo
        ? [
            {
              agentId: row.agentId,
              game,
              role: row.role,
              system: "elo",
              games: row.elo.games,
              values: { ...row.elo, rank: row.rank },
            },
          ]
        : []),
      ...(row.openSkill
        ? [
            {
              agentId: row.agentId,
              game,
              role: row.role,
              system: "openskill",
              games: row.games,
              // The row's rank too: games without Elo are ranked by OpenSkill.
              values: { ...row.openSkill, rank: row.rank },
            },
          ]
        : []),
    ]);
    const computedAt = new Date(data.computedAt);
    await prisma.$transaction([
      prisma.rating.deleteMany({ where: { game } }),
      prisma.rating.createMany({ data: ratings }),
      prisma.leaderboardSnapshot.upsert({
        where: { game },
        create: { game, data: snapshotData(data), episodes: data.episodes, computedAt },
        update: { data: snapshotData(data), episodes: data.episodes, computedAt },
      }),
    ]);
    cacheLeaderboard(data);
    return data;
  }
}
