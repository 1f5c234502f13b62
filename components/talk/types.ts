/**
 * A talk game (Werewolf, Secret Mafia) as the transcript view shows it, whatever the game: seats, a
 * transcript that grows, votes, and per frame the phase, who is alive and (Werewolf) the suspicion matrix.
 */
import type { Marker, Timeline } from "@/lib/viewer/timeline";

export type TalkPhase = "setup" | "night" | "day" | "vote" | "over";

export interface TalkSeat {
  seat: number;
  name: string;
  /** "unknown" where a player's view (`?pov=`) does not tell. */
  role: string;
  /** The evil side (Werewolf, Mafia): coloured apart in the god view. */
  evil: boolean;
}

export interface DeceptionLabel {
  isDeceptive: boolean;
  type: string;
  confidence: number;
  /** Peer analyses only. */
  suspicion?: number;
  /** The engine's default for a failed agent: carries no judgement. */
  fallback: boolean;
}

export interface TranscriptLine {
  /** The frame that first shows the line. */
  frame: number;
  round: number;
  turn: number;
  seat: number;
  text: string;
  truncated?: boolean;
  /** Werewolf: every bid of the bidding that gave this speaker the floor. */
  bids?: Record<string, number>;
  /** Werewolf: the frame from which the analyses below are known. */
  analysisFrame?: number;
  self?: DeceptionLabel;
  /** By observer seat. */
  peers?: Record<string, DeceptionLabel>;
}

export interface TalkVote {
  frame: number;
  round: number;
  /** Voter seat → target (null: no vote). */
  ballots: Record<string, number | null>;
  tally: Record<string, number>;
  /** Werewolf: votes a majority needs. */
  needed?: number;
  eliminated: number | null;
}

export interface TalkFrame {
  index: number;
  firstSeq: number;
  round: number;
  phase: TalkPhase;
  /** e.g. "Night 2", "Day 1 · statement 3 of 6". */
  banner: string;
  alive: readonly boolean[];
  /** Each seat's role as known so far ("unknown" where a player's view does not tell). */
  roles: readonly string[];
  /** How many transcript lines and decided votes the frame shows. */
  lines: number;
  votes: number;
  /** matrix[observer][target] after this frame (Werewolf), a row null where a player's view does not tell it; null for games without one. */
  suspicion: readonly (readonly number[] | null)[] | null;
  /** The seats asked in this frame's round (speaker, voters…). */
  acting: readonly number[];
  /** What the night did, public outcome ("Bob was killed"), once known. */
  note: string | null;
  latencyMs: number;
}

export interface TalkTimeline extends Timeline {
  readonly seats: readonly TalkSeat[];
  /** The role of the evil side (shown apart in the god view). */
  readonly evilRole: string;
  readonly transcript: readonly TranscriptLine[];
  readonly votes: readonly TalkVote[];
  frame(index: number): TalkFrame | undefined;
  markers(): readonly Marker[];
}
