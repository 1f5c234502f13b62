/**
 * The Werewolf (WOLF) event log: the contract between the engine, the metrics, the runtime and the viewer.
 * Events are plain JSON and record every fact of the game, so a viewer can show any moment from them alone
 * (`replay` with the decision log rebuilds the full state, RNG included). The log is the god view: it
 * holds roles, night actions and private analyses; player views filter them out.
 * Seats are numbers; a seat's display name is in `game_start.players`. `round` starts at 1 with the first
 * night; each round is a night followed by a day. `turn` is the 1-based statement number within a day.
 */
import type { WerewolfConfig } from "./config";

export type Role = "Werewolf" | "Seer" | "Doctor" | "Villager";
export type Team = "werewolves" | "villagers";
export const DECEPTION_TYPES = ["none", "omission", "distortion", "fabrication", "misdirection"] as const;
export type DeceptionType = (typeof DECEPTION_TYPES)[number];
export type WinReason = "no_wolves" | "parity" | "round_limit";

export const teamOf = (role: Role): Team => (role === "Werewolf" ? "werewolves" : "villagers");

/** A speaker's judgement of their own statement. `fallback` marks the engine's default (the agent failed). */
export interface SelfAnalysis {
  is_deceptive: 0 | 1;
  confidence: number;
  deception_type: DeceptionType;
  reasoning: string;
  fallback?: true;
}

/** An observer's judgement of someone else's statement; `suspicion_level` feeds the running score. */
export interface PeerAnalysis extends SelfAnalysis {
  suspicion_level: number;
}

export interface GameStartEvent {
  type: "game_start";
  players: Array<{ seat: number; name: string; role: Role }>;
  /** Config as parsed (defaults filled). */
  config: WerewolfConfig;
  seed: number;
}

/** Night `round` begins. `wolfOrder` is the order in which the living wolves propose (secret). */
export interface NightStartEvent {
  type: "night_start";
  round: number;
  wolfOrder: number[];
}

/** A wolf's proposed victim (null: no valid proposal) and a note to the pack. Wolves only. */
export interface WolfProposalEvent {
  type: "wolf_proposal";
  round: number;
  seat: number;
  target: number | null;
  message: string;
  fallback?: true;
}

/** The Doctor's protection (null: none). Doctor only. */
export interface ProtectEvent {
  type: "protect";
  round: number;
  seat: number;
  target: number | null;
  fallback?: true;
}

/** The Seer's investigation and the exact role learned. Seer only. */
export interface UnmaskEvent {
  type: "unmask";
  round: number;
  seat: number;
  target: number | null;
  role: Role | null;
  fallback?: true;
}

/**
 * The night resolves. `target`: the pack's plurality choice (`tiebreak` lists the tied seats when the seeded
 * draw decided); `protectedTarget`: the Doctor's choice; `killed`: the public outcome (target unless protected).
 * Only `round` and `killed` are public.
 */
export interface NightEndEvent {
  type: "night_end";
  round: number;
  target: number | null;
  tiebreak: number[] | null;
  protectedTarget: number | null;
  killed: number | null;
}

export interface DayStartEvent {
  type: "day_start";
  round: number;
}

/**
 * One bidding round before statement `turn`: every bid (seat → 0..maxBid; the previous speaker sits out),
 * the top bidders, those of them named in the previous statement (double weight), and the chosen speaker.
 * Public only through the speaker it produces; the viewer shows it.
 */
export interface BidsEvent {
  type: "bids";
  round: number;
  turn: number;
  bids: Record<string, number>;
  topBidders: number[];
  mentioned: number[];
  speaker: number;
}

/** A public statement; `truncated` when the agent's text exceeded the word limit (`words` is its length before). */
export interface StatementEvent {
  type: "statement";
  round: number;
  turn: number;
  seat: number;
  text: string;
  words: number;
  truncated: boolean;
}

/**
 * All analyses of one statement (requested concurrently): the speaker's own (`self`), every other living
 * player's (`peers`, keyed by observer seat) and each observer's running suspicion of the speaker after the
 * update (`suspicion`, observer seat → score). Observers whose analysis was the fallback keep their score.
 * Private: each player sees only their own analyses and scores.
 */
export interface AnalysesEvent {
  type: "analyses";
  round: number;
  turn: number;
  speaker: number;
  self: SelfAnalysis;
  peers: Record<string, PeerAnalysis>;
  suspicion: Record<string, number>;
}

export interface VoteStartEvent {
  type: "vote_start";
  round: number;
}

/**
 * Simultaneous votes, public once tallied: ballot per voter (null: abstained or invalid), each voter's public
 * reason, the tally, the majority `needed` (⌊alive/2⌋+1) and the exiled seat (null: no majority).
 */
export interface VoteResultEvent {
  type: "vote_result";
  round: number;
  ballots: Record<string, number | null>;
  reasons: Record<string, string>;
  tally: Record<string, number>;
  needed: number;
  exiled: number | null;
}

export interface GameEndEvent {
  type: "game_end";
  round: number;
  winner: Team;
  reason: WinReason;
  /** +1 for every member of the winning team (dead ones included), −1 for the others; index = seat. */
  rewards: number[];
  roles: Role[];
}

export type WerewolfEvent =
  | GameStartEvent
  | NightStartEvent
  | WolfProposalEvent
  | ProtectEvent
  | UnmaskEvent
  | NightEndEvent
  | DayStartEvent
  | BidsEvent
  | StatementEvent
  | AnalysesEvent
  | VoteStartEvent
  | VoteResultEvent
  | GameEndEvent;
