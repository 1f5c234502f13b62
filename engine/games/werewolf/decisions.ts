import type { DecisionCheck, PendingDecision } from "../../core/game";
import { DECEPTION_TYPES, type PeerAnalysis, type SelfAnalysis } from "./events";
import { currentNight, lastStatementToday, livingSeats, type WerewolfState } from "./state";

export const DECISION_KINDS = [
  "night_kill",
  "protect",
  "unmask",
  "bid",
  "statement",
  "self_analysis",
  "peer_analysis",
  "vote",
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** Longest free text (statement before truncation, reasoning, pack note) accepted, in characters. */
export const MAX_TEXT_CHARS = 2_000;

// ---- What the engine applies: players are seats. `fallback` marks the engine's default decision. ----

export interface NightKillDecision {
  kind: "night_kill";
  target: number | null;
  message: string;
  fallback?: true;
}
export interface ProtectDecision {
  kind: "protect";
  target: number | null;
  fallback?: true;
}
export interface UnmaskDecision {
  kind: "unmask";
  target: number | null;
  fallback?: true;
}
export interface BidDecision {
  kind: "bid";
  bid: number;
  fallback?: true;
}
export interface StatementDecision {
  kind: "statement";
  statement: string;
  fallback?: true;
}
export interface SelfAnalysisDecision extends SelfAnalysis {
  kind: "self_analysis";
}
export interface PeerAnalysisDecision extends PeerAnalysis {
  kind: "peer_analysis";
}
export interface VoteDecision {
  kind: "vote";
  target: number | null;
  reasoning: string;
  fallback?: true;
}

export type WerewolfDecision =
  | NightKillDecision
  | ProtectDecision
  | UnmaskDecision
  | BidDecision
  | StatementDecision
  | SelfAnalysisDecision
  | PeerAnalysisDecision
  | VoteDecision;

/** Who must decide now. Night: the next wolf in the pack's order, plus the Doctor and Seer until they have acted. */
export function pendingDecisions(state: WerewolfState): PendingDecision<DecisionKind>[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "night": {
      const night = currentNight(state);
      const pending: PendingDecision<DecisionKind>[] = [];
      const nextWolf = night.wolfOrder.find((seat) => !night.proposals.some((p) => p.seat === seat));
      if (nextWolf !== undefined) pending.push({ seat: nextWolf, kind: "night_kill" });
      const doctor = state.players.find((p) => p.alive && p.role === "Doctor");
      if (doctor && night.protect === null) pending.push({ seat: doctor.seat, kind: "protect" });
      const seer = state.players.find((p) => p.alive && p.role === "Seer");
      if (seer && night.unmask === null) pending.push({ seat: seer.seat, kind: "unmask" });
      return pending.sort((a, b) => a.seat - b.seat);
    }
    case "bid": {
      const last = lastStatementToday(state)?.statement.seat;
      return livingSeats(state)
        .filter((seat) => seat !== last)
        .map((seat) => ({ seat, kind: "bid" }));
    }
    case "statement":
      return [{ seat: phase.bids.speaker, kind: "statement" }];
    case "analysis": {
      const speaker = lastStatementToday(state)!.statement.seat;
      return livingSeats(state).map((seat) => ({ seat, kind: seat === speaker ? "self_analysis" : "peer_analysis" }));
    }
    case "vote":
      return livingSeats(state).map((seat) => ({ seat, kind: "vote" }));
    case "over":
      return [];
  }
}

/** The seats a target-taking decision may name. */
export function validTargets(state: WerewolfState, seat: number, kind: DecisionKind): number[] {
  const living = livingSeats(state);
  switch (kind) {
    case "night_kill":
      return living.filter((s) => state.players[s].role !== "Werewolf");
    case "protect":
      return living;
    case "unmask":
    case "vote":
      return living.filter((s) => s !== seat);
    default:
      return [];
  }
}

/** Used when an agent fails: abstain (no target, bid 0, silence) and analyses that carry no judgement. */
export function fallbackDecision(state: WerewolfState, seat: number): WerewolfDecision {
  const kind = pendingDecisions(state).find((p) => p.seat === seat)?.kind ?? "bid";
  const noJudgement = {
    is_deceptive: 0,
    confidence: 0,
    deception_type: "none",
    reasoning: "",
    fallback: true,
  } as const;
  switch (kind) {
    case "night_kill":
      return { kind, target: null, message: "", fallback: true };
    case "protect":
    case "unmask":
      return { kind, target: null, fallback: true };
    case "bid":
      return { kind, bid: 0, fallback: true };
    case "statement":
      return { kind, statement: "", fallback: true };
    case "self_analysis":
      return { kind, ...noJudgement };
    case "peer_analysis":
      return { kind, ...noJudgement, suspicion_level: state.config.initialSuspicion };
    case "vote":
      return { kind, target: null, reasoning: "", fallback: true };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const fail = (error: string): DecisionCheck<WerewolfDecision> => ({ ok: false, error });
const isScore = (v: unknown): v is number => typeof v === "number" && v >= 0 && v <= 1;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * Checks a decision for a pending seat against the rules; never throws. Decisions come from the agents'
 * replies, already with seats for names (replies.ts), and from stored logs.
 */
export function validateDecision(state: WerewolfState, seat: number, raw: unknown): DecisionCheck<WerewolfDecision> {
  const pending = pendingDecisions(state).find((p) => p.seat === seat);
  if (!pending) return fail(`seat ${seat} is not expected to decide now (phase ${state.phase.kind})`);
  if (!isRecord(raw)) return fail("decision must be an object");
  if (raw.kind !== pending.kind) return fail(`expected a "${pending.kind}" decision, got "${String(raw.kind)}"`);
  const kind = pending.kind;
  const target = (): number | string => {
    const valid = validTargets(state, seat, kind);
    if (typeof raw.target === "number" && valid.includes(raw.target)) return raw.target;
    const names = valid.map((s) => state.players[s].name).join(", ");
    return `target: ${JSON.stringify(raw.target)} is not a valid target (valid: ${names})`;
  };
  switch (kind) {
    case "night_kill":
    case "protect":
    case "unmask":
    case "vote": {
      const t = target();
      if (typeof t === "string") return fail(t);
      if (kind === "night_kill") return { ok: true, decision: { kind, target: t, message: text(raw.message) } };
      if (kind === "vote") return { ok: true, decision: { kind, target: t, reasoning: text(raw.reasoning) } };
      return { ok: true, decision: { kind, target: t } };
    }
    case "bid": {
      const { bid } = raw;
      if (!Number.isInteger(bid) || (bid as number) < 0 || (bid as number) > state.config.maxBid) {
        return fail(`bid: must be a whole number from 0 to ${state.config.maxBid}, got ${JSON.stringify(bid)}`);
      }
      return { ok: true, decision: { kind, bid: bid as number } };
    }
    case "statement":
      return typeof raw.statement === "string"
        ? { ok: true, decision: { kind, statement: raw.statement.trim() } }
        : fail("statement: must be text");
    case "self_analysis":
    case "peer_analysis": {
      const { is_deceptive, confidence, deception_type, suspicion_level } = raw;
      if (is_deceptive !== 0 && is_deceptive !== 1) return fail("is_deceptive: must be 0 or 1");
      if (!isScore(confidence)) return fail("confidence: must be a number from 0 to 1");
      if (!(DECEPTION_TYPES as readonly unknown[]).includes(deception_type)) {
        return fail(`deception_type: must be one of ${DECEPTION_TYPES.join(", ")}`);
      }
      const analysis: SelfAnalysis = {
        is_deceptive,
        confidence,
        deception_type: deception_type as SelfAnalysis["deception_type"],
        reasoning: text(raw.reasoning),
      };
      if (kind === "self_analysis") return { ok: true, decision: { kind, ...analysis } };
      if (!isScore(suspicion_level)) return fail("suspicion_level: must be a number from 0 to 1");
      return { ok: true, decision: { kind, ...analysis, suspicion_level } };
    }
  }
}
