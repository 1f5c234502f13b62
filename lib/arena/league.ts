/**
 * Round-robin leagues: every ordered pair of agents meets under every config, seed and repetition. In a
 * game with two roles (SocialGrid: crewmate, impostor) the first agent of a pair takes every seat of the
 * first role and the second every other seat, as in the paper's league; the reversed pair swaps them. In a
 * one-role game the pair alternates over the seats.
 */
import "server-only";
import type { AnyGameModule } from "@/engine/core/module";

export interface LeagueSpec {
  agents: string[];
  configs: unknown[];
  seeds: number[];
  episodesPerPairing: number;
  /** Also pair every agent with itself. */
  selfPlay?: boolean;
}

export interface LeagueMatch {
  /** Stable across runs: what a resumed league uses to skip finished matches. */
  key: string;
  configIndex: number;
  config: unknown;
  seed: number;
  /** Agent by seat. */
  seats: string[];
  roles: string[];
}

/** The roles a game will give each seat for this config and seed (roles are dealt at setup). */
export function seatRoles(game: AnyGameModule, config: unknown, seed: number): string[] {
  const parsed = game.definition.configSchema.parse(config);
  const { state } = game.definition.setup(parsed, seed);
  return Array.from({ length: game.seats(parsed) }, (_, seat) => game.roleOf(state, seat));
}

export function leagueMatches(game: AnyGameModule, spec: LeagueSpec): LeagueMatch[] {
  const matches: LeagueMatch[] = [];
  spec.configs.forEach((config, configIndex) => {
    for (const baseSeed of spec.seeds) {
      for (let repeat = 0; repeat < spec.episodesPerPairing; repeat++) {
        const seed = (baseSeed + repeat * 1_000_003) % 2 ** 31;
        const roles = seatRoles(game, config, seed);
        const distinct = [...new Set(roles)].sort();
        for (const a of spec.agents) {
          for (const b of spec.agents) {
            if (a === b && !spec.selfPlay) continue;
            const seats =
              distinct.length === 2
                ? roles.map((role) => (role === distinct[0] ? a : b))
                : roles.map((_, seat) => (seat % 2 === 0 ? a : b));
            matches.push({ key: `${configIndex}/${seed}/${a}/${b}`, configIndex, config, seed, seats, roles });
          }
        }
      }
    }
  });
  return matches;
}

export interface MatchOutcome {
  key: string;
  episodeId: string;
  seats: string[];
  roles: string[];
  /** Seats on the winning side (empty for a draw or a failed episode). */
  winners: number[];
  status: "finished" | "failed";
}

export interface Standing {
  agent: string;
  games: number;
  wins: number;
  failed: number;
  byRole: Record<string, { games: number; wins: number }>;
}

/** Per agent: games played, games won (it held a winning seat), per role; best win rate first. */
export function standings(outcomes: readonly MatchOutcome[]): Standing[] {
  const table = new Map<string, Standing>();
  for (const o of outcomes) {
    const seen = new Map<string, Set<string>>();
    o.seats.forEach((agent, seat) => seen.set(agent, (seen.get(agent) ?? new Set()).add(o.roles[seat])));
    for (const [agent, roles] of seen) {
      const row = table.get(agent) ?? { agent, games: 0, wins: 0, failed: 0, byRole: {} };
      table.set(agent, row);
      row.games += 1;
      if (o.status === "failed") row.failed += 1;
      const won = o.winners.some((seat) => o.seats[seat] === agent);
      if (won) row.wins += 1;
      for (const role of roles) {
        const r = (row.byRole[role] ??= { games: 0, wins: 0 });
        r.games += 1;
        if (o.winners.some((seat) => o.seats[seat] === agent && o.roles[seat] === role)) r.wins += 1;
      }
    }
  }
  return [...table.values()].sort(
    (x, y) => y.wins / Math.max(1, y.games) - x.wins / Math.max(1, x.games) || x.agent.localeCompare(y.agent),
  );
}
