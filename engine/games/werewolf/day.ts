import type { StepOutput } from "../../core/game";
import { Rng } from "../../core/rng";
import { chooseSpeaker, mentionedSeats } from "./bidding";
import type {
  BidDecision,
  PeerAnalysisDecision,
  SelfAnalysisDecision,
  StatementDecision,
  VoteDecision,
  WerewolfDecision,
} from "./decisions";
import type {
  AnalysesEvent,
  BidsEvent,
  DayStartEvent,
  PeerAnalysis,
  SelfAnalysis,
  StatementEvent,
  VoteResultEvent,
  VoteStartEvent,
  WerewolfEvent,
} from "./events";
import { startNight } from "./night";
import { endGame, winnerOf } from "./outcome";
import { lastStatementToday, livingSeats, statementsToday, type WerewolfState } from "./state";
import { updatedSuspicion } from "./suspicion";
import { limitWords } from "./words";

type Decided = ReadonlyArray<{ seat: number; decision: WerewolfDecision }>;
type Out = StepOutput<WerewolfState, WerewolfEvent>;

export function startDay(state: WerewolfState): Out {
  const event: DayStartEvent = { type: "day_start", round: state.round };
  return { state: { ...state, phase: { kind: "bid" } }, events: [event] };
}

/** The bids choose the next speaker (see `chooseSpeaker`), who is asked for a statement. */
export function applyBids(state: WerewolfState, decided: Decided): Out {
  const rng = Rng.from(state.rng);
  const bids = new Map(decided.map(({ seat, decision }) => [seat, (decision as BidDecision).bid]));
  const last = lastStatementToday(state);
  const names = state.players.map((p) => p.name);
  const mentioned = last ? mentionedSeats(last.statement.text, names) : [];
  const choice = chooseSpeaker(bids, mentioned, state.config.mentionBias, rng);
  const event: BidsEvent = {
    type: "bids",
    round: state.round,
    turn: statementsToday(state).length + 1,
    bids: Object.fromEntries(bids),
    topBidders: choice.topBidders,
    mentioned: choice.mentioned,
    speaker: choice.speaker,
  };
  return { state: { ...state, rng: rng.state(), phase: { kind: "statement", bids: event } }, events: [event] };
}

/**
 * Publishes the statement (cut to the word limit), then asks for its analyses. A silent (empty) statement is
 * published but not analysed: there is nothing to judge.
 */
export function applyStatement(state: WerewolfState, decided: Decided): Out {
  if (state.phase.kind !== "statement") throw new Error("applyStatement outside the statement phase");
  const bids = state.phase.bids;
  const { statement } = decided[0].decision as StatementDecision;
  const limited = limitWords(statement, state.config.maxStatementWords);
  const event: StatementEvent = {
    type: "statement",
    round: state.round,
    turn: bids.turn,
    seat: bids.speaker,
    text: limited.text,
    words: limited.words,
    truncated: limited.truncated,
  };
  const next: WerewolfState = {
    ...state,
    statements: [...state.statements, { bids, statement: event, analyses: null }],
  };
  if (state.config.deceptionAnalysis && limited.text !== "") {
    return { state: { ...next, phase: { kind: "analysis" } }, events: [event] };
  }
  const after = afterStatement(next);
  return { state: after.state, events: [event, ...after.events] };
}

/** Stores the analyses of the last statement and moves each observer's running suspicion of the speaker. */
export function applyAnalyses(state: WerewolfState, decided: Decided): Out {
  const record = lastStatementToday(state)!;
  const speaker = record.statement.seat;
  const weight = state.config.suspicionWeight;
  const suspicion = state.suspicion.map((row) => [...row]);
  const peers: Record<string, PeerAnalysis> = {};
  const scores: Record<string, number> = {};
  let self: SelfAnalysis | null = null;
  for (const { seat, decision } of decided) {
    if (seat === speaker) {
      const { kind: _kind, ...analysis } = decision as SelfAnalysisDecision;
      self = analysis;
      continue;
    }
    const { kind: _kind, ...analysis } = decision as PeerAnalysisDecision;
    peers[seat] = analysis;
    if (!analysis.fallback)
      suspicion[seat][speaker] = updatedSuspicion(suspicion[seat][speaker], analysis.suspicion_level, weight);
    scores[seat] = suspicion[seat][speaker];
  }
  const event: AnalysesEvent = {
    type: "analyses",
    round: state.round,
    turn: record.statement.turn,
    speaker,
    self: self!,
    peers,
    suspicion: scores,
  };
  const statements = [...state.statements.slice(0, -1), { ...record, analyses: event }];
  const after = afterStatement({ ...state, statements, suspicion });
  return { state: after.state, events: [event, ...after.events] };
}

function afterStatement(state: WerewolfState): Out {
  if (statementsToday(state).length < state.config.statementsPerDay) {
    return { state: { ...state, phase: { kind: "bid" } }, events: [] };
  }
  const event: VoteStartEvent = { type: "vote_start", round: state.round };
  return { state: { ...state, phase: { kind: "vote" } }, events: [event] };
}

/**
 * Simultaneous votes. Exile needs ⌊alive/2⌋+1 votes for one player, otherwise nobody leaves. Then the win
 * check, the round limit, and the next night.
 */
export function applyVotes(state: WerewolfState, decided: Decided): Out {
  const ballots: Record<string, number | null> = {};
  const reasons: Record<string, string> = {};
  const tally: Record<string, number> = {};
  for (const { seat, decision } of decided) {
    const { target, reasoning } = decision as VoteDecision;
    ballots[seat] = target;
    reasons[seat] = limitWords(reasoning, state.config.maxStatementWords).text;
    if (target !== null) tally[target] = (tally[target] ?? 0) + 1;
  }
  const needed = Math.floor(livingSeats(state).length / 2) + 1;
  const exiledKey = Object.keys(tally).find((seat) => tally[seat] >= needed);
  const exiled = exiledKey === undefined ? null : Number(exiledKey);
  const event: VoteResultEvent = { type: "vote_result", round: state.round, ballots, reasons, tally, needed, exiled };
  const next: WerewolfState = {
    ...state,
    votes: [...state.votes, event],
    players: state.players.map((p) =>
      p.seat === exiled ? { ...p, alive: false, fate: "exiled" as const, diedRound: state.round } : p,
    ),
  };
  const win = winnerOf(next);
  const after = win
    ? endGame(next, win.winner, win.reason)
    : state.round >= state.config.maxRounds
      ? endGame(next, "werewolves", "round_limit")
      : startNight(next);
  return { state: after.state, events: [event, ...after.events] };
}
