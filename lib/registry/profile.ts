/** One agent's page and API detail: ratings per game and role, metrics, recent episodes. */
import "server-only";
import type { LeaderboardColumn } from "@/engine/core/module";
import { gameModule } from "@/lib/games/registry";
import { env } from "@/lib/env";
import type { Agent as AgentRow, PrismaClient } from "@/lib/generated/prisma/client";
import type { EloCell } from "@/lib/leaderboard/compute";
import type { DecisionTally } from "@/lib/leaderboard/facts";
import { ratedGames, readLeaderboard } from "@/lib/leaderboard/store";
import { listEpisodes, type EpisodeListItem } from "@/lib/listing/episodes";
import { ownerAgent, publicAgent, type OwnerAgent, type PublicAgent } from "./agents";

export interface AgentRating {
  game: string;
  role: string;
  rank: number | null;
  elo: EloCell | null;
  openSkill: { mu: number; sigma: number; ordinal: number } | null;
  games: number;
  provisional: boolean;
}

export type AgentFigure = Omit<LeaderboardColumn, "value" | "role" | "roles"> & { value: number | null };

export interface AgentMetrics {
  game: string;
  role: string;
  /** Episodes in this role, and those its side won. */
  games: number;
  wins: number;
  /** The game's own figures of the agent in this role. */
  stats: AgentFigure[];
  /** The game's radar chart of the agent in this role (SocialGrid: failure modes), if it has one. */
  radar: { title: string; axes: Array<{ key: string; label: string; value: number | null }> } | null;
  decisions: DecisionTally;
}

export interface AgentProfile {
  agent: PublicAgent | OwnerAgent;
  ratings: AgentRating[];
  metrics: AgentMetrics[];
  episodes: EpisodeListItem[];
}

export async function agentProfile(
  prisma: PrismaClient,
  row: AgentRow,
  options: { owner?: boolean; episodes?: number } = {},
): Promise<AgentProfile> {
  const [ratingRows, games, { episodes }] = await Promise.all([
    prisma.rating.findMany({ where: { agentId: row.id }, orderBy: [{ game: "asc" }, { role: "asc" }] }),
    ratedGames(prisma),
    listEpisodes(prisma, { agent: row.id, limit: options.episodes ?? 20 }),
  ]);
  const threshold = env().PROVISIONAL_GAMES;
  const ratings = new Map<string, AgentRating>();
  for (const r of ratingRows) {
    const key = `${r.game}\u0000${r.role}`;
    const rating = ratings.get(key) ?? {
      game: r.game,
      role: r.role,
      rank: null,
      elo: null,
      openSkill: null,
      games: 0,
      provisional: true,
    };
    ratings.set(key, rating);
    if (r.system === "elo") {
      const { rank, ...elo } = r.values as unknown as EloCell & { rank: number | null };
      rating.elo = elo;
      rating.rank = rank;
    } else if (r.system === "openskill") {
      const { rank, ...openSkill } = r.values as unknown as NonNullable<AgentRating["openSkill"]> & {
        rank?: number | null;
      };
      rating.openSkill = openSkill;
      rating.rank ??= rank ?? null;
      rating.games = r.games;
      rating.provisional = r.games < threshold;
    }
  }
  const metrics: AgentMetrics[] = [];
  for (const game of games) {
    const data = await readLeaderboard(prisma, game);
    const spec = gameModule(game)?.leaderboard;
    for (const d of data?.details ?? []) {
      if (d.agentId !== row.id) continue;
      const record = data?.rows.find((r) => r.agentId === row.id && r.role === d.role);
      const stats = (spec?.stats ?? [])
        .filter((stat) => !stat.roles || stat.roles.includes(d.role))
        .map(({ key, label, title, format, value }) => ({ key, label, title, format, value: value(d.counts) }));
      const radar = spec?.radar
        ? {
            title: spec.radar.title,
            axes: spec.radar.axes.map(({ key, label, value }) => ({ key, label, value: value(d.counts) })),
          }
        : null;
      metrics.push({
        game,
        role: d.role,
        games: record?.games ?? 0,
        wins: record?.wins ?? 0,
        stats,
        radar,
        decisions: d.decisions,
      });
    }
  }
  metrics.sort((a, b) => a.game.localeCompare(b.game) || a.role.localeCompare(b.role));
  return {
    agent: options.owner ? ownerAgent(row) : publicAgent(row),
    ratings: [...ratings.values()],
    metrics,
    episodes,
  };
}
