import type { SecretMafiaConfig } from "./config";
import type { Message } from "./messages";

/**
 * The Secret Mafia event log (TextArena rules): the contract between the engine, the metrics, the runtime and
 * the viewer. Plain JSON recording every fact of the game (`replay` with the decision log rebuilds the full
 * state). It is the god view: roles and night actions are in it; player views filter them out.
 * Every observation an agent can read is a `message` event; the other events record the same facts in
 * structured form. `day` starts at 1 with the first night (night n precedes day n).
 */

export type Role = "Mafia" | "Doctor" | "Detective" | "Villager";
export type Team = "Mafia" | "Village";
export type Phase = "night_mafia" | "night_doctor" | "night_detective" | "day_discussion" | "day_voting";
export type EliminationCause = "night_kill" | "vote" | "invalid_moves";

export const teamOf = (role: Role): Team => (role === "Mafia" ? "Mafia" : "Village");

export interface GameStartEvent {
  type: "game_start";
  players: Array<{ seat: number; role: Role }>;
  /** Config as parsed (defaults filled). */
  config: SecretMafiaConfig;
  seed: number;
}

/** An observation added to the players' histories (the prompt, phase instructions, echoes, results, warnings). */
export interface MessageEvent {
  type: "message";
  message: Message;
}

/** A phase begins; `order` is who acts in it, in order (the discussion repeats its order every round). */
export interface PhaseStartEvent {
  type: "phase_start";
  day: number;
  phase: Phase;
  order: number[];
}

/** A Mafia member's valid night vote (seen by the Mafia only). */
export interface NightVoteEvent {
  type: "night_vote";
  day: number;
  seat: number;
  target: number;
}

/** The Mafia's victim: plurality of their votes; `tiebreak` lists the tied seats when the seeded draw decided. */
export interface NightTargetEvent {
  type: "night_target";
  day: number;
  tally: Record<string, number>;
  target: number | null;
  tiebreak: number[] | null;
}

/** The Doctor's protection; `saved` when it cancels the Mafia's kill. */
export interface ProtectEvent {
  type: "protect";
  day: number;
  seat: number;
  target: number;
  saved: boolean;
}

/** The Detective's investigation, answered privately "IS / IS NOT a Mafia member". */
export interface InvestigateEvent {
  type: "investigate";
  day: number;
  seat: number;
  target: number;
  isMafia: boolean;
}

/** One public discussion turn; `round` is 1..discussionRounds. `fallback`: the agent failed (silence). */
export interface DiscussionEvent {
  type: "discussion";
  day: number;
  round: number;
  seat: number;
  text: string;
  fallback?: true;
}

/** A valid public day vote. */
export interface VoteEvent {
  type: "vote";
  day: number;
  seat: number;
  target: number;
}

/** The day's tally: plurality with a seeded tie-break (`tiebreak` lists the tied seats); null without votes. */
export interface VoteResultEvent {
  type: "vote_result";
  day: number;
  tally: Record<string, number>;
  target: number | null;
  tiebreak: number[] | null;
}

/**
 * A move that broke the rules; strike 1 earns a warning and a retry, strike 2 eliminates the player.
 * `fallback`: the agent failed and the engine's empty move was judged.
 */
export interface InvalidMoveEvent {
  type: "invalid_move";
  day: number;
  phase: Phase;
  seat: number;
  action: string;
  reason: string;
  strike: 1 | 2;
  fallback?: true;
}

/** A player leaves the game. The village learns of a night elimination for invalid moves only at daybreak. */
export interface EliminationEvent {
  type: "elimination";
  day: number;
  phase: Phase;
  seat: number;
  cause: EliminationCause;
}

/** TextArena's per-player `game_info`. `turn_count` is the game's total number of turns (as in TextArena). */
export interface GameInfo {
  role: Role;
  invalid_move: boolean;
  turn_count: number;
  reason: string;
}

export interface GameEndEvent {
  type: "game_end";
  day: number;
  winner: Team;
  reason: string;
  /** +1 for every member of the winning team (eliminated ones included), −1 for the others; index = seat. */
  rewards: number[];
  gameInfo: GameInfo[];
}

export type SecretMafiaEvent =
  | GameStartEvent
  | MessageEvent
  | PhaseStartEvent
  | NightVoteEvent
  | NightTargetEvent
  | ProtectEvent
  | InvestigateEvent
  | DiscussionEvent
  | VoteEvent
  | VoteResultEvent
  | InvalidMoveEvent
  | EliminationEvent
  | GameEndEvent;
