import { teamOf, type EliminationCause, type Role, type SecretMafiaEvent, type Team } from "./events";

/**
 * Secret Mafia's outcome metrics from an event log: wins per role, survival and invalid-move rates. Reported
 * beside ratings because team rewards count eliminated members too (MINDGAMES' "error-survival confound":
 * a player eliminated early for invalid moves still shares the team's win).
 */

export interface MafiaPlayerStats {
  seat: number;
  role: Role;
  team: Team;
  won: boolean;
  survived: boolean;
  eliminated: { day: number; cause: EliminationCause } | null;
  /** Moves made, valid and invalid. */
  moves: number;
  invalidMoves: number;
  /** Moves the engine played for a failed agent (timeouts, unusable replies). */
  agentFailures: number;
  /** invalidMoves / moves; null without moves. */
  invalidRate: number | null;
}

export interface RoleStats {
  players: number;
  wins: number;
  survivals: number;
  moves: number;
  invalidMoves: number;
  eliminatedForInvalidMoves: number;
  /** null when the role had no players (or no moves). */
  winRate: number | null;
  survivalRate: number | null;
  invalidRate: number | null;
}

export interface SecretMafiaMetrics {
  winner: Team | null;
  days: number;
  players: MafiaPlayerStats[];
  byRole: Record<Role, RoleStats>;
}

const ROLES: Role[] = ["Mafia", "Doctor", "Detective", "Villager"];
const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

const MOVE_EVENTS = new Set(["discussion", "vote", "night_vote", "protect", "investigate", "invalid_move"]);

export function secretMafiaMetrics(events: readonly SecretMafiaEvent[]): SecretMafiaMetrics {
  const start = events.find((e) => e.type === "game_start");
  if (start?.type !== "game_start") throw new Error("secretMafiaMetrics: the log has no game_start event");
  const end = events.find((e) => e.type === "game_end");
  const winner = end?.type === "game_end" ? end.winner : null;
  const players: MafiaPlayerStats[] = start.players.map(({ seat, role }) => ({
    seat,
    role,
    team: teamOf(role),
    won: winner !== null && teamOf(role) === winner,
    survived: true,
    eliminated: null,
    moves: 0,
    invalidMoves: 0,
    agentFailures: 0,
    invalidRate: null,
  }));
  let days = 0;
  for (const e of events) {
    if ("day" in e) days = Math.max(days, e.day);
    if (MOVE_EVENTS.has(e.type) && "seat" in e) players[e.seat].moves++;
    if (e.type === "invalid_move") players[e.seat].invalidMoves++;
    if ((e.type === "invalid_move" || e.type === "discussion") && e.fallback) players[e.seat].agentFailures++;
    if (e.type === "elimination") {
      players[e.seat].survived = false;
      players[e.seat].eliminated = { day: e.day, cause: e.cause };
    }
  }
  for (const p of players) p.invalidRate = ratio(p.invalidMoves, p.moves);
  return { winner, days, players, byRole: roleStats([{ players }]) };
}

/** Role totals over one or more episodes (pass several `secretMafiaMetrics` results to aggregate a league). */
export function roleStats(episodes: ReadonlyArray<Pick<SecretMafiaMetrics, "players">>): Record<Role, RoleStats> {
  const totals = Object.fromEntries(
    ROLES.map((role) => [
      role,
      { players: 0, wins: 0, survivals: 0, moves: 0, invalidMoves: 0, eliminatedForInvalidMoves: 0 },
    ]),
  ) as Record<Role, Omit<RoleStats, "winRate" | "survivalRate" | "invalidRate">>;
  for (const episode of episodes) {
    for (const p of episode.players) {
      const t = totals[p.role];
      t.players++;
      if (p.won) t.wins++;
      if (p.survived) t.survivals++;
      t.moves += p.moves;
      t.invalidMoves += p.invalidMoves;
      if (p.eliminated?.cause === "invalid_moves") t.eliminatedForInvalidMoves++;
    }
  }
  return Object.fromEntries(
    ROLES.map((role) => {
      const t = totals[role];
      return [
        role,
        {
          ...t,
          winRate: ratio(t.wins, t.players),
          survivalRate: ratio(t.survivals, t.players),
          invalidRate: ratio(t.invalidMoves, t.moves),
        },
      ];
    }),
  ) as Record<Role, RoleStats>;
}
