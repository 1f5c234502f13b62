import type { RngState } from "../../core/rng";
import type { SocialGridConfig } from "./config";
import type { Facing, MapInfo, PlayerInfo, Role, VoteReason, WinReason } from "./events";

export interface Statement {
  turn: number;
  seat: number;
  text: string;
}

export interface Meeting {
  /** 1-based index of the voting phase. */
  round: number;
  reason: VoteReason;
  caller?: number;
  /** Seat of the reported body (report meetings). */
  body?: number;
  statements: Statement[];
}

export type Phase =
  | { kind: "task" }
  | { kind: "discussion"; meeting: Meeting; turn: number }
  | { kind: "vote"; meeting: Meeting }
  | { kind: "over" };

/** One own env step: [t, fromX, fromY, action, toX, toY, ok]. */
export type HistoryEntry = [number, number, number, number, number, number, 0 | 1];

/** What a player has privately observed so far (the basis of its votes). */
export interface PlayerMemory {
  /**
   * Per seat, SEEN_FIELDS numbers: [t of last sighting (-1 = never), x, y, env steps in view, DO_TASK toggles
   * seen (real and fake look alike)]. Flat, because it is rewritten at every env step.
   */
  seen: number[];
  /** Seats whose bodies this player has seen. */
  bodiesSeen: number[];
  /** Notable observations, oldest first, bounded (kills witnessed, bodies found, meetings, votes). */
  notes: string[];
}

export interface PlayerState {
  seat: number;
  role: Role;
  x: number;
  y: number;
  facing: Facing;
  alive: boolean;
  fate: "alive" | "killed" | "ejected";
  /** Env steps until KILL is possible (impostors; always 0 for crew). */
  killCooldown: number;
  /** Toggles done per assigned task (same order as `PlayerInfo.tasks`); fake tasks stay 0. */
  progress: number[];
  /** Queued actions (macro mode); the head runs at the next env step. */
  queue: number[];
  /** Last own env steps, oldest first (at most 5). */
  history: HistoryEntry[];
  /** The same steps as the paper's history lines: `step=42: R01(12,9)->act=0->R01(12,8)`. */
  historyLines: string[];
  memory: PlayerMemory;
}

export interface Corpse {
  seat: number;
  x: number;
  y: number;
  t: number;
}

export interface GameResult {
  winner: "crew" | "impostors";
  reason: WinReason;
  t: number;
  returns: number[];
}

/** The whole game state: plain JSON. `map` and `info` never change after setup and are shared between states. */
export interface SocialGridState {
  config: SocialGridConfig;
  seed: number;
  map: MapInfo;
  info: PlayerInfo[];
  rng: RngState;
  /** Env steps completed. */
  t: number;
  phase: Phase;
  players: PlayerState[];
  doorsOpen: boolean[];
  corpses: Corpse[];
  meetingsLeft: number;
  /** Voting phases started so far. */
  voteRound: number;
  returns: number[];
  result: GameResult | null;
}

export const SEEN_FIELDS = 5;
export const HISTORY_LENGTH = 5;
export const MEMORY_NOTES = 60;
