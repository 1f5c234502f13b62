import { pendingDecisions, validTargets, type DecisionKind } from "./decisions";
import type { PeerAnalysis, Role, SelfAnalysis, Team, WinReason } from "./events";
import type { GameResult, NightRecord, Phase, PlayerState, StatementRecord, WerewolfState } from "./state";

/** The decision a player owes now, with what they need to make it. */
export interface PendingView {
  kind: DecisionKind;
  /** Seats this decision may name (night_kill, protect, unmask, vote). */
  options?: number[];
  /** The statement to analyse (self_analysis, peer_analysis). */
  statement?: { round: number; turn: number; speaker: number; text: string };
}

/** What everybody knows, in order. Seats are numbers; `players` maps them to names. */
export type PublicEntry =
  | { type: "night"; round: number; killed: number | null }
  | { type: "statement"; round: number; turn: number; speaker: number; text: string; truncated: boolean }
  | {
      type: "vote";
      round: number;
      ballots: Record<string, number | null>;
      reasons: Record<string, string>;
      needed: number;
      exiled: number | null;
    }
  | { type: "game_end"; round: number; winner: Team; reason: WinReason };

export interface GameFacts {
  roleCounts: { werewolves: number; seer: number; doctor: number; villagers: number };
  statementsPerDay: number;
  maxStatementWords: number;
  maxBid: number;
  maxRounds: number;
  suspicionInVotePrompt: boolean;
}

export interface WerewolfPlayerView {
  game: "werewolf";
  seat: number;
  name: string;
  role: Role;
  alive: boolean;
  round: number;
  phase: Phase["kind"];
  facts: GameFacts;
  /** Everyone's public standing; `knownRole` only where this player knows it (self, pack, Seer findings). */
  players: Array<{ seat: number; name: string; alive: boolean; fate: PlayerState["fate"]; knownRole: Role | null }>;
  pending: PendingView | null;
  /** Statements made so far today. */
  statementsToday: number;
  record: PublicEntry[];
  /** Werewolves only: the pack's proposals and notes, every night so far. */
  packChat: Array<{ round: number; seat: number; target: number | null; message: string }>;
  /** Seer only: what each investigation revealed. */
  investigations: Array<{ round: number; target: number; role: Role }>;
  /** Doctor only: whom they protected. */
  protections: Array<{ round: number; target: number }>;
  /** This player's own analyses (self or peer), in statement order. */
  analyses: Array<{ round: number; turn: number; speaker: number; analysis: SelfAnalysis | PeerAnalysis }>;
  /** This player's running suspicion of every other player, keyed by seat. */
  suspicion: Record<string, number>;
  result: { winner: Team; reason: WinReason } | null;
}

export function playerView(state: WerewolfState, seat: number): WerewolfPlayerView {
  const me = state.players[seat];
  const isWolf = me.role === "Werewolf";
  const investigations = state.nights.flatMap((n) =>
    n.unmask && n.unmask.seat === seat && n.unmask.target !== null && n.unmask.role !== null
      ? [{ round: n.round, target: n.unmask.target, role: n.unmask.role }]
      : [],
  );
  const knownRole = (p: PlayerState): Role | null => {
    if (p.seat === seat || (isWolf && p.role === "Werewolf")) return p.role;
    return investigations.find((i) => i.target === p.seat)?.role ?? null;
  };
  const suspicion: Record<string, number> = {};
  for (const p of state.players) if (p.seat !== seat) suspicion[p.seat] = state.suspicion[seat][p.seat];

  return {
    game: "werewolf",
    seat,
    name: me.name,
    role: me.role,
    alive: me.alive,
    round: state.round,
    phase: state.phase.kind,
    facts: gameFacts(state),
    players: state.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      alive: p.alive,
      fate: p.fate,
      knownRole: knownRole(p),
    })),
    pending: pendingView(state, seat),
    statementsToday: state.statements.filter((s) => s.statement.round === state.round).length,
    record: publicRecord(state),
    packChat: isWolf
      ? state.nights.flatMap((n) =>
          n.proposals.map((p) => ({ round: n.round, seat: p.seat, target: p.target, message: p.message })),
        )
      : [],
    investigations,
    protections: state.nights.flatMap((n) =>
      n.protect && n.protect.seat === seat && n.protect.target !== null
        ? [{ round: n.round, target: n.protect.target }]
        : [],
    ),
    analyses: ownAnalyses(state.statements, seat),
    suspicion,
    result: state.result ? { winner: state.result.winner, reason: state.result.reason } : null,
  };
}

function gameFacts(state: WerewolfState): GameFacts {
  const c = state.config;
  return {
    roleCounts: { werewolves: c.werewolves, seer: c.seer, doctor: c.doctor, villagers: c.villagers },
    statementsPerDay: c.statementsPerDay,
    maxStatementWords: c.maxStatementWords,
    maxBid: c.maxBid,
    maxRounds: c.maxRounds,
    suspicionInVotePrompt: c.suspicionInVotePrompt,
  };
}

function pendingView(state: WerewolfState, seat: number): PendingView | null {
  const pending = pendingDecisions(state).find((p) => p.seat === seat);
  if (!pending) return null;
  const view: PendingView = { kind: pending.kind };
  if (["night_kill", "protect", "unmask", "vote"].includes(pending.kind))
    view.options = validTargets(state, seat, pending.kind);
  if (pending.kind === "self_analysis" || pending.kind === "peer_analysis") {
    const s = state.statements[state.statements.length - 1].statement;
    view.statement = { round: s.round, turn: s.turn, speaker: s.seat, text: s.text };
  }
  return view;
}

export function publicRecord(state: WerewolfState): PublicEntry[] {
  const entries: PublicEntry[] = [];
  for (let round = 1; round <= state.round; round++) {
    const night = state.nights.find((n) => n.round === round);
    if (night?.end) entries.push({ type: "night", round, killed: night.end.killed });
    for (const s of state.statements) {
      if (s.statement.round !== round) continue;
      const { turn, seat, text, truncated } = s.statement;
      entries.push({ type: "statement", round, turn, speaker: seat, text, truncated });
    }
    const vote = state.votes.find((v) => v.round === round);
    if (vote) {
      const { ballots, reasons, needed, exiled } = vote;
      entries.push({ type: "vote", round, ballots, reasons, needed, exiled });
    }
  }
  if (state.result) {
    entries.push({
      type: "game_end",
      round: state.result.round,
      winner: state.result.winner,
      reason: state.result.reason,
    });
  }
  return entries;
}

function ownAnalyses(statements: readonly StatementRecord[], seat: number): WerewolfPlayerView["analyses"] {
  return statements.flatMap(({ analyses: a }) => {
    if (!a) return [];
    const analysis = a.speaker === seat ? a.self : a.peers[seat];
    return analysis ? [{ round: a.round, turn: a.turn, speaker: a.speaker, analysis }] : [];
  });
}

/** The god view: roles, every night action, bids, analyses and the whole suspicion matrix. */
export interface WerewolfSpectatorView {
  game: "werewolf";
  round: number;
  phase: Phase;
  players: PlayerState[];
  pending: Array<{ seat: number; kind: DecisionKind }>;
  nights: NightRecord[];
  statements: StatementRecord[];
  record: PublicEntry[];
  suspicion: number[][];
  result: GameResult | null;
}

export function spectatorView(state: WerewolfState): WerewolfSpectatorView {
  return {
    game: "werewolf",
    round: state.round,
    phase: state.phase,
    players: state.players,
    pending: pendingDecisions(state),
    nights: state.nights,
    statements: state.statements,
    record: publicRecord(state),
    suspicion: state.suspicion,
    result: state.result,
  };
}
