import type { RngState } from "../../core/rng";
import type { WerewolfConfig } from "./config";
import type {
  AnalysesEvent,
  BidsEvent,
  NightEndEvent,
  ProtectEvent,
  Role,
  StatementEvent,
  Team,
  UnmaskEvent,
  VoteResultEvent,
  WinReason,
  WolfProposalEvent,
} from "./events";

export interface PlayerState {
  seat: number;
  name: string;
  role: Role;
  alive: boolean;
  fate: "alive" | "killed" | "exiled";
  /** Round of death, null while alive. */
  diedRound: number | null;
}

/** What happened in one night; the fields fill as the night's decisions arrive. */
export interface NightRecord {
  round: number;
  wolfOrder: number[];
  proposals: WolfProposalEvent[];
  protect: ProtectEvent | null;
  unmask: UnmaskEvent | null;
  end: NightEndEvent | null;
}

/** A statement with the bidding that chose its speaker and, once in, its analyses. */
export interface StatementRecord {
  bids: BidsEvent;
  statement: StatementEvent;
  analyses: AnalysesEvent | null;
}

export type Phase =
  | { kind: "night" }
  | { kind: "bid" }
  | { kind: "statement"; bids: BidsEvent }
  | { kind: "analysis" }
  | { kind: "vote" }
  | { kind: "over" };

export interface GameResult {
  winner: Team;
  reason: WinReason;
  round: number;
  rewards: number[];
}

/** The whole game state: plain JSON, never mutated (every transition returns a new object). */
export interface WerewolfState {
  config: WerewolfConfig;
  seed: number;
  rng: RngState;
  players: PlayerState[];
  round: number;
  phase: Phase;
  nights: NightRecord[];
  /** Every statement of the game in order (all days). */
  statements: StatementRecord[];
  votes: VoteResultEvent[];
  /** suspicion[observer][target]: the observer's running suspicion score; the diagonal is unused. */
  suspicion: number[][];
  result: GameResult | null;
}

export const livingSeats = (state: WerewolfState): number[] => state.players.filter((p) => p.alive).map((p) => p.seat);

export const livingWolves = (state: WerewolfState): number[] =>
  state.players.filter((p) => p.alive && p.role === "Werewolf").map((p) => p.seat);

export const seatWithRole = (state: WerewolfState, role: Role): number | null =>
  state.players.find((p) => p.alive && p.role === role)?.seat ?? null;

export const currentNight = (state: WerewolfState): NightRecord => state.nights[state.nights.length - 1];

/** Today's statements (the current round's). */
export const statementsToday = (state: WerewolfState): StatementRecord[] =>
  state.statements.filter((s) => s.statement.round === state.round);

export const lastStatementToday = (state: WerewolfState): StatementRecord | null => {
  const today = statementsToday(state);
  return today.length > 0 ? today[today.length - 1] : null;
};
