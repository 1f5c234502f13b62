/** The episode tables as the runtime uses them: creation, leases, the event log and final states. */
import "server-only";
import { z } from "zod";
import type { GameEvent } from "@/engine/core/game";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { LoggedEvent } from "./events";
import { type GameRegistry, gameIn } from "@/lib/games/registry";

const json = (value: unknown) => value as Prisma.InputJsonValue;

export const newEpisodeSchema = z.object({
  game: z.string().min(1),
  /** Raw config; stored as the game's schema parses it (defaults filled). */
  config: z.unknown().default({}),
  seed: z.number().int().min(-2147483648).max(2147483647),
  participants: z.array(z.object({ seat: z.number().int().min(0), agentId: z.string().min(1) })).min(1),
  demo: z.boolean().default(false),
});
export type NewEpisode = z.input<typeof newEpisodeSchema>;

/** Creates a queued episode; throws on an unknown game, a bad config or seats that do not fit it. */
export async function createEpisode(
  prisma: PrismaClient | Prisma.TransactionClient,
  games: GameRegistry,
  input: NewEpisode,
): Promise<string> {
  const spec = newEpisodeSchema.parse(input);
  const game = gameIn(games, spec.game);
  if (!game) throw new Error(`unknown game "${spec.game}"; known: ${Object.keys(games).join(", ")}`);
  const config = game.definition.configSchema.parse(spec.config);
  const seats = game.seats(config);
  const given = spec.participants.map((p) => p.seat).sort((a, b) => a - b);
  if (given.length !== seats || given.some((seat, i) => seat !== i)) {
    throw new Error(`${spec.game} with this config has seats 0..${seats - 1}; got seats ${given.join(", ")}`);
  }
  const episode = await prisma.episode.create({
    data: {
      game: spec.game,
      rulesetVersion: game.definition.rulesetVersion,
      config: json(config),
      seed: spec.seed,
      demo: spec.demo,
      participants: { create: spec.participants.map((p) => ({ seat: p.seat, agentId: p.agentId })) },
    },
    select: { id: true },
  });
  return episode.id;
}

const leaseUntil = (leaseMs: number) => new Date(Date.now() + leaseMs);

/**
 * Makes `owner` the one process running the episode: a queued episode, a running one whose lease expired
 * or was released, or one it already owns. False when someone else holds it or it has ended.
 */
export async function claimEpisode(prisma: PrismaClient, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const fromQueue = await prisma.episode.updateMany({
    where: { id, status: "queued" },
    data: { status: "running", startedAt: now, leaseOwner: owner, leaseExpiresAt: leaseUntil(leaseMs) },
  });
  if (fromQueue.count === 1) return true;
  const takeover = await prisma.episode.updateMany({
    where: {
      id,
      status: "running",
      OR: [{ leaseOwner: null }, { leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }, { leaseOwner: owner }],
    },
    data: { leaseOwner: owner, leaseExpiresAt: leaseUntil(leaseMs) },
  });
  return takeover.count === 1;
}

export async function renewLease(prisma: PrismaClient, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const { count } = await prisma.episode.updateMany({
    where: { id, status: "running", leaseOwner: owner },
    data: { leaseExpiresAt: leaseUntil(leaseMs) },
  });
  return count === 1;
}

/** Gives a running episode up so another process resumes it at once. */
export async function releaseLease(prisma: PrismaClient, id: string, owner: string): Promise<void> {
  await prisma.episode.updateMany({
    where: { id, leaseOwner: owner },
    data: { leaseOwner: null, leaseExpiresAt: null },
  });
}

export async function loadEpisode(prisma: PrismaClient, id: string) {
  return prisma.episode.findUnique({
    where: { id },
    include: { participants: { include: { agent: true }, orderBy: { seat: "asc" } } },
  });
}
export type StoredEpisode = NonNullable<Awaited<ReturnType<typeof loadEpisode>>>;

export async function readEvents(
  prisma: PrismaClient,
  episodeId: string,
  afterSeq: number,
  limit: number,
): Promise<LoggedEvent[]> {
  const rows = await prisma.episodeEvent.findMany({
    where: { episodeId, seq: { gt: afterSeq } },
    orderBy: { seq: "asc" },
    take: limit,
    select: { seq: true, type: true, payload: true },
  });
  return rows.map((r) => ({ seq: r.seq, type: r.type, payload: r.payload as unknown as GameEvent }));
}

export async function readAllEvents(prisma: PrismaClient, episodeId: string, pageSize = 5_000): Promise<LoggedEvent[]> {
  const all: LoggedEvent[] = [];
  for (;;) {
    const page = await readEvents(prisma, episodeId, all.at(-1)?.seq ?? 0, pageSize);
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

export async function setRoles(
  prisma: PrismaClient,
  episodeId: string,
  roles: ReadonlyMap<number, string>,
): Promise<void> {
  await prisma.$transaction(
    [...roles].map(([seat, role]) =>
      prisma.episodeParticipant.updateMany({ where: { episodeId, seat }, data: { role } }),
    ),
  );
}

/** Marks the episode finished if `owner` still holds it; false otherwise. */
export async function finishEpisode(
  prisma: PrismaClient,
  id: string,
  owner: string,
  outcome: { result: unknown; metrics: unknown },
): Promise<boolean> {
  const { count } = await prisma.episode.updateMany({
    where: { id, status: "running", leaseOwner: owner },
    data: {
      status: "finished",
      finishedAt: new Date(),
      result: json(outcome.result ?? null),
      metrics: json(outcome.metrics ?? null),
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  return count === 1;
}

/** Marks the episode failed; with an owner only while it still holds the lease. */
export async function failEpisode(
  prisma: PrismaClient,
  id: string,
  owner: string | null,
  reason: string,
): Promise<boolean> {
  const { count } = await prisma.episode.updateMany({
    where: owner ? { id, status: "running", leaseOwner: owner } : { id, status: { in: ["queued", "running"] } },
    data: {
      status: "failed",
      failureReason: reason.slice(0, 2_000),
      finishedAt: new Date(),
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  return count === 1;
}

/** Episodes waiting for a process: queued ones and running ones whose lease expired or was released. */
export async function runnableEpisodes(prisma: PrismaClient, limit = 100): Promise<string[]> {
  const rows = await prisma.episode.findMany({
    where: {
      OR: [
        { status: "queued" },
        {
          status: "running",
          OR: [{ leaseOwner: null }, { leaseExpiresAt: null }, { leaseExpiresAt: { lt: new Date() } }],
        },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

export interface EpisodeSummary {
  id: string;
  game: string;
  status: "queued" | "running" | "finished" | "failed";
  demo: boolean;
  eventCount: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  participants: Array<{ seat: number; agentId: string; agentName: string; role: string | null }>;
}

const summarySelect = {
  id: true,
  game: true,
  status: true,
  demo: true,
  eventCount: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  participants: {
    select: { seat: true, agentId: true, role: true, agent: { select: { name: true } } },
    orderBy: { seat: "asc" },
  },
} as const;

type SummaryRow = Prisma.EpisodeGetPayload<{ select: typeof summarySelect }>;

const toSummary = (row: SummaryRow): EpisodeSummary => ({
  id: row.id,
  game: row.game,
  status: row.status,
  demo: row.demo,
  eventCount: row.eventCount,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  participants: row.participants.map((p) => ({
    seat: p.seat,
    agentId: p.agentId,
    agentName: p.agent.name,
    role: p.role,
  })),
});

export async function episodeSummary(prisma: PrismaClient, id: string): Promise<EpisodeSummary | null> {
  const row = await prisma.episode.findUnique({ where: { id }, select: summarySelect });
  return row ? toSummary(row) : null;
}

export async function liveEpisodes(prisma: PrismaClient, limit = 50): Promise<EpisodeSummary[]> {
  const rows = await prisma.episode.findMany({
    where: { status: { in: ["queued", "running"] } },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function countByStatus(
  prisma: PrismaClient,
): Promise<Record<"queued" | "running" | "finished" | "failed", number>> {
  const groups = await prisma.episode.groupBy({ by: ["status"], _count: { _all: true } });
  const counts = { queued: 0, running: 0, finished: 0, failed: 0 };
  for (const g of groups) counts[g.status] = g._count._all;
  return counts;
}
