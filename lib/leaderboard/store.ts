/**
 * The read side: computed leaderboards served from memory, re-checked against the stored snapshot at most
 * every few seconds (another process may have recomputed it). Requests never compute ratings.
 */
import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { LeaderboardData } from "./compute";

const RECHECK_MS = 2_000;

interface Cached {
  data: LeaderboardData;
  checkedAt: number;
}

const holder = globalThis as typeof globalThis & { __arenaLeaderboards?: Map<string, Cached> };
const cache = () => (holder.__arenaLeaderboards ??= new Map());

export function cacheLeaderboard(data: LeaderboardData): void {
  cache().set(data.game, { data, checkedAt: Date.now() });
}

export function forgetLeaderboard(game: string): void {
  cache().delete(game);
}

export async function readLeaderboard(prisma: PrismaClient, game: string): Promise<LeaderboardData | null> {
  const cached = cache().get(game);
  const now = Date.now();
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.data;
  const stamp = await prisma.leaderboardSnapshot.findUnique({ where: { game }, select: { computedAt: true } });
  if (!stamp) {
    forgetLeaderboard(game);
    return null;
  }
  if (cached && cached.data.computedAt === stamp.computedAt.toISOString()) {
    cached.checkedAt = now;
    return cached.data;
  }
  const row = await prisma.leaderboardSnapshot.findUnique({ where: { game }, select: { data: true } });
  if (!row) return null;
  const data = row.data as unknown as LeaderboardData;
  cacheLeaderboard(data);
  return data;
}

/** Games that have a computed leaderboard. */
export async function ratedGames(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.leaderboardSnapshot.findMany({ select: { game: true }, orderBy: { game: "asc" } });
  return rows.map((r) => r.game);
}

export const snapshotData = (data: LeaderboardData) => data as unknown as Prisma.InputJsonValue;
