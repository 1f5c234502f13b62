/**
 * The leaderboard of one game from its rated episodes, by the pure rating functions: league Elo with
 * bootstrap intervals and CI-aware ranks, OpenSkill, head-to-head matrices, merged per-agent metrics and
 * decision tallies. Runs in the background (see maintainer.ts); requests read its stored result.
 */
import "server-only";
import type { AnyGameModule } from "@/engine/core/module";
import {
  bootstrapLeagueElo,
  DEFAULT_BOOTSTRAP,
  DEFAULT_ELO,
  headToHead,
  openSkillRatings,
  type BootstrapConfig,
  type EloConfig,
  type HeadToHead,
  type HeadToHeadGame,
  type RatedGame,
  type RatingWithInterval,
} from "@/engine/ratings";
import { addTally, emptyTally, type DecisionTally, type RatedEpisode } from "./facts";

/** Two sides of the paper's league: one agent holds every seat of `crew`, another every seat of `impostor`. */
export interface TeamRoles {
  crew: string;
  impostor: string;
}

export interface EloCell {
  rating: number;
  lower: number | null;
  upper: number | null;
  /** League games in this role. */
  games: number;
}

export interface RoleRecord {
  games: number;
  wins: number;
  rate: number | null;
}

/** One agent in one role. */
export interface LeaderboardRow {
  agentId: string;
  role: string;
  /** CI-aware Elo rank in this role (OpenSkill order for games without Elo); null when unrated. */
  rank: number | null;
  elo: EloCell | null;
  openSkill: { mu: number; sigma: number; ordinal: number } | null;
  /** Episodes played in this role. */
  games: number;
  wins: number;
  /** The agent's record in every role of the game. */
  byRole: Record<string, RoleRecord>;
  /** The game's own figures (its leaderboard columns), by column key. */
  figures: Record<string, number | null>;
  /** Per decision in this role. */
  invalidRate: number | null;
  failureRate: number | null;
  meanTokens: number | null;
  meanLatencyMs: number | null;
}

export interface AgentRoleDetail {
  agentId: string;
  role: string;
  /** The game's additive figures summed over the agent's episodes in this role (the game's stats read them). */
  counts: Record<string, number>;
  decisions: DecisionTally;
}

export interface LeaderboardData {
  game: string;
  computedAt: string;
  /** Rated (finished) episodes, and those that were league games for Elo. */
  episodes: number;
  eloGames: number;
  roles: string[];
  teamRoles: TeamRoles | null;
  rows: LeaderboardRow[];
  headToHead: HeadToHead | null;
  details: AgentRoleDetail[];
}

export interface ComputeOptions {
  elo?: EloConfig;
  bootstrap?: BootstrapConfig;
  now?: Date;
}

const byOrder = (a: RatedEpisode, b: RatedEpisode) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const key = (agent: string, role: string) => `${agent}\u0000${role}`;

/** A league game when one agent holds every crew seat and another every impostor seat, and a side won. */
export function toLeagueGame(episode: RatedEpisode, teams: TeamRoles): HeadToHeadGame | null {
  const crew = new Set<string>();
  const impostors = new Set<string>();
  for (const seat of episode.seats) {
    if (seat.role === teams.crew) crew.add(seat.agent);
    else if (seat.role === teams.impostor) impostors.add(seat.agent);
    else return null;
  }
  if (crew.size !== 1 || impostors.size !== 1) return null;
  const winningRoles = new Set(episode.winners.map((seat) => episode.seats[seat]?.role));
  const winner = winningRoles.has(teams.crew) ? "crew" : winningRoles.has(teams.impostor) ? "impostors" : null;
  if (!winner) return null;
  return {
    id: episode.id,
    order: episode.order,
    crewAgent: [...crew][0],
    impostorAgent: [...impostors][0],
    winner,
    ...(episode.sideDetection && { crewDetection: episode.sideDetection }),
  };
}

/** Teams by role, ranked 1 when the role won (every team 1 when nobody won). */
export function toRatedGame(episode: RatedEpisode): RatedGame {
  const roles = [...new Set(episode.seats.map((s) => s.role))].sort();
  const winning = new Set(episode.winners.map((seat) => episode.seats[seat]?.role));
  return {
    id: episode.id,
    order: episode.order,
    teams: roles.map((role) => ({
      members: episode.seats.filter((s) => s.role === role).map((s) => ({ agent: s.agent, role })),
      rank: winning.size === 0 || winning.has(role) ? 1 : 2,
    })),
  };
}

const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

const addCounts = (into: Record<string, number>, add: Readonly<Record<string, number>>) => {
  for (const [name, value] of Object.entries(add)) into[name] = (into[name] ?? 0) + value;
  return into;
};

export function computeLeaderboard(
  game: AnyGameModule,
  episodes: readonly RatedEpisode[],
  options: ComputeOptions = {},
): LeaderboardData {
  const ordered = [...episodes].sort(byOrder);
  const teams = game.leaderboard?.sides ?? null;
  const columns = game.leaderboard?.columns ?? [];

  const leagueGames = teams ? ordered.flatMap((e) => toLeagueGame(e, teams) ?? []) : [];
  const elo =
    leagueGames.length > 0
      ? bootstrapLeagueElo(leagueGames, options.elo ?? DEFAULT_ELO, options.bootstrap ?? DEFAULT_BOOTSTRAP)
      : [];
  const eloCell = (agent: string, role: string): RatingWithInterval | null => {
    const record = teams && elo.find((e) => e.agent === agent);
    if (!record) return null;
    const cell = role === teams.crew ? record.crew : role === teams.impostor ? record.impostor : null;
    return cell && cell.games > 0 ? cell : null;
  };
  const skills = new Map(openSkillRatings(ordered.map(toRatedGame)).map((s) => [key(s.agent, s.role), s]));

  // Records per agent and role (an episode counts once per agent and role), metrics and decision tallies.
  const records = new Map<string, { agent: string; role: string; games: number; wins: number }>();
  const counts = new Map<string, Record<string, number>>();
  const tallies = new Map<string, DecisionTally>();
  for (const episode of ordered) {
    const seen = new Set<string>();
    for (const seat of episode.seats) {
      const k = key(seat.agent, seat.role);
      let record = records.get(k);
      if (!record) records.set(k, (record = { agent: seat.agent, role: seat.role, games: 0, wins: 0 }));
      if (!seen.has(k)) {
        seen.add(k);
        record.games++;
        if (episode.winners.some((w) => episode.seats[w]?.agent === seat.agent && episode.seats[w]?.role === seat.role))
          record.wins++;
      }
    }
    for (const { agent, role, counts: add } of episode.counts) {
      const k = key(agent, role);
      counts.set(k, addCounts(counts.get(k) ?? {}, add));
    }
    for (const { agent, role, ...tally } of episode.decisions) {
      const k = key(agent, role);
      tallies.set(k, addTally(tallies.get(k) ?? emptyTally(), tally));
    }
  }

  const roles = teams ? [teams.crew, teams.impostor] : [...new Set([...records.values()].map((r) => r.role))].sort();
  const rows: LeaderboardRow[] = [...records.values()].map(({ agent, role, games, wins }) => {
    const cell = eloCell(agent, role);
    const skill = skills.get(key(agent, role));
    const tally = tallies.get(key(agent, role)) ?? emptyTally();
    return {
      agentId: agent,
      role,
      rank: cell?.rank ?? null,
      elo: cell ? { rating: cell.rating, lower: cell.lower, upper: cell.upper, games: cell.games } : null,
      openSkill: skill ? { mu: skill.mu, sigma: skill.sigma, ordinal: skill.ordinal } : null,
      games,
      wins,
      byRole: Object.fromEntries(
        roles.map((r) => {
          const rec = records.get(key(agent, r));
          return [r, { games: rec?.games ?? 0, wins: rec?.wins ?? 0, rate: rec ? ratio(rec.wins, rec.games) : null }];
        }),
      ),
      figures: Object.fromEntries(columns.map((c) => [c.key, c.value(counts.get(key(agent, c.role ?? role)) ?? {})])),
      invalidRate: ratio(tally.invalid, tally.decisions),
      failureRate: ratio(tally.invalid + tally.timeouts + tally.errors, tally.decisions),
      meanTokens: ratio(tally.tokens, tally.tokenDecisions),
      meanLatencyMs: ratio(tally.latencyMs, tally.decisions),
    };
  });
  if (!teams) rankByOrdinal(rows);
  rows.sort(
    (a, b) =>
      roles.indexOf(a.role) - roles.indexOf(b.role) ||
      (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
      (b.elo?.rating ?? -Infinity) - (a.elo?.rating ?? -Infinity) ||
      (b.openSkill?.ordinal ?? -Infinity) - (a.openSkill?.ordinal ?? -Infinity) ||
      a.agentId.localeCompare(b.agentId),
  );

  return {
    game: game.id,
    computedAt: (options.now ?? new Date()).toISOString(),
    episodes: ordered.length,
    eloGames: leagueGames.length,
    roles,
    teamRoles: teams,
    rows,
    headToHead: leagueGames.length > 0 ? headToHead(leagueGames) : null,
    details: [...records.values()].map(({ agent, role }) => ({
      agentId: agent,
      role,
      counts: counts.get(key(agent, role)) ?? {},
      decisions: tallies.get(key(agent, role)) ?? emptyTally(),
    })),
  };
}

/** Without Elo: 1 + the number of agents in the role with a higher OpenSkill ordinal. */
function rankByOrdinal(rows: LeaderboardRow[]) {
  for (const row of rows) {
    if (!row.openSkill) continue;
    const mine = row.openSkill.ordinal;
    row.rank = 1 + rows.filter((o) => o.role === row.role && o.openSkill && o.openSkill.ordinal > mine).length;
  }
}
