import type { RngState } from "../../core/rng";
import type { SecretMafiaConfig } from "./config";
import type { EliminationCause, GameInfo, Phase, Role, Team } from "./events";
import type { Message } from "./messages";

export interface PlayerState {
  seat: number;
  role: Role;
  alive: boolean;
  eliminated: { day: number; cause: EliminationCause } | null;
  /** Moves made (valid and invalid) and how many of them were invalid. */
  moves: number;
  invalidMoves: number;
}

export interface GameResult {
  winner: Team;
  reason: string;
  rewards: number[];
  gameInfo: GameInfo[];
}

/** The whole game state: plain JSON, never mutated. One player acts at a time (`current`). */
export interface SecretMafiaState {
  config: SecretMafiaConfig;
  seed: number;
  rng: RngState;
  players: PlayerState[];
  phase: Phase | "over";
  day: number;
  current: number | null;
  /** Who acts after `current` in this phase, in order. */
  queue: number[];
  /** Discussion: the day's speaking order (repeated every round) and the turns taken so far. */
  speakingOrder: number[];
  turnsInPhase: number;
  /** Votes of the running night (Mafia) or day vote, voter seat → target seat. */
  votes: Record<string, number>;
  /** The Mafia's victim until the night resolves. */
  pendingKill: number | null;
  /** Players eliminated for invalid moves tonight; the village learns it at daybreak. */
  unannounced: number[];
  /** Consecutive invalid moves of `current`. */
  invalidStreak: number;
  /** Moves made in the game (TextArena's turn count). */
  turn: number;
  messages: Message[];
  result: GameResult | null;
}

export const livingSeats = (state: SecretMafiaState): number[] =>
  state.players.filter((p) => p.alive).map((p) => p.seat);

export const livingWithRole = (state: SecretMafiaState, role: Role): number[] =>
  state.players.filter((p) => p.alive && p.role === role).map((p) => p.seat);

/** Alive as far as the village knows: the living plus tonight's unannounced eliminations. */
export const publiclyAlive = (state: SecretMafiaState): number[] =>
  state.players.filter((p) => p.alive || state.unannounced.includes(p.seat)).map((p) => p.seat);
