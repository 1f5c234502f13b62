import { z } from "zod";
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

// ---- What agents return (the wire shapes): players are named, e.g. "Bob". ----

const playerNameField = z.string().describe('A living player\'s name, e.g. "Bob"');
const freeText = z.string().max(MAX_TEXT_CHARS);

export const nightKillReplySchema = z.object({
  target: playerNameField,
  message: freeText.optional().describe("A private note to your fellow werewolves"),
});
export const protectReplySchema = z.object({ target: playerNameField });
export const unmaskReplySchema = z.object({ target: playerNameField });
export const bidReplySchema = z.object({
  bid: z.number().int().min(0).describe("How eager you are to speak next, 0 (not at all) to 10"),
});
export const statementReplySchema = z.object({
  statement: freeText.describe("Your public statement, at most 20 words"),
});
export const selfAnalysisReplySchema = z.object({
  is_deceptive: z.union([z.literal(0), z.literal(1)]),
  confidence: z.number().min(0).max(1),
  deception_type: z.enum(DECEPTION_TYPES),
  reasoning: freeText,
});
export const peerAnalysisReplySchema = selfAnalysisReplySchema.extend({
  suspicion_level: z.number().min(0).max(1).describe("How likely the speaker is deceiving, 0..1"),
});
export const voteReplySchema = z.object({
  vote: playerNameField.describe("The player you vote to exile"),
  reasoning: freeText.optional().describe("A brief public explanation"),
});

export const werewolfReplySchemas = {
  night_kill: nightKillReplySchema,
  protect: protectReplySchema,
  unmask: unmaskReplySchema,
  bid: bidReplySchema,
  statement: statementReplySchema,
  self_analysis: selfAnalysisReplySchema,
  peer_analysis: peerAnalysisReplySchema,
  vote: voteReplySchema,
} as const satisfies Record<DecisionKind, z.ZodType>;

export type WerewolfReply<K extends DecisionKind> = z.infer<(typeof werewolfReplySchemas)[K]>;

/** The reply schema with the player-name fields narrowed to `names` (for LLM structured output). */
export function replySchemaFor(kind: DecisionKind, names: readonly string[]): z.ZodType {
  if (names.length === 0) return werewolfReplySchemas[kind];
  const name = z.enum(names as [string, ...string[]]);
  switch (kind) {
    case "night_kill":
      return nightKillReplySchema.extend({ target: name });
    case "protect":
    case "unmask":
      return z.object({ target: name });
    case "vote":
      return voteReplySchema.extend({ vote: name });
    default:
      return werewolfReplySchemas[kind];
  }
}

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

const zodProblem = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.length > 0 ? i.path.join(".") : "decision"}: ${i.message}`).join("; ");

/** A player's name (any case) or seat number → seat; null when it names nobody. */
export function seatOf(state: WerewolfState, value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && state.players[value] ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  const byName = state.players.find((p) => p.name.toLowerCase() === text);
  if (byName) return byName.seat;
  return /^\d+$/.test(text) && state.players[Number(text)] ? Number(text) : null;
}

/** Tolerated spellings: booleans for `is_deceptive`, numeric strings, `text` for `statement`, `target` for `vote`. */
function normalise(kind: DecisionKind, raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  const numeric = (key: string) => {
    if (typeof out[key] === "string" && (out[key] as string).trim() !== "" && Number.isFinite(Number(out[key]))) {
      out[key] = Number(out[key]);
    }
  };
  if (typeof out.is_deceptive === "boolean") out.is_deceptive = out.is_deceptive ? 1 : 0;
  for (const key of ["is_deceptive", "confidence", "suspicion_level", "bid"]) numeric(key);
  if (kind === "statement" && out.statement === undefined) out.statement = out.text;
  if (kind === "vote" && out.vote === undefined) out.vote = out.target;
  for (const key of ["target", "vote"]) if (typeof out[key] === "number") out[key] = String(out[key]);
  return out;
}

/**
 * Checks an untrusted decision (an agent's parsed JSON, in the wire shape) for a pending seat; never throws.
 * Errors name the problem, e.g. `target: "Zed" is not a valid target (valid: Alice, Raj)`.
 */
export function validateDecision(state: WerewolfState, seat: number, raw: unknown): DecisionCheck<WerewolfDecision> {
  const pending = pendingDecisions(state).find((p) => p.seat === seat);
  if (!pending) return fail(`seat ${seat} is not expected to decide now (phase ${state.phase.kind})`);
  if (!isRecord(raw)) return fail("decision must be a JSON object");
  const kind = raw.kind ?? pending.kind;
  if (kind !== pending.kind) return fail(`expected a "${pending.kind}" decision, got "${String(kind)}"`);
  const parsed = werewolfReplySchemas[pending.kind].safeParse(normalise(pending.kind, raw));
  if (!parsed.success) return fail(zodProblem(parsed.error));
  const reply = parsed.data as Record<string, unknown>;

  const target = (field: "target" | "vote"): number | string => {
    const valid = validTargets(state, seat, pending.kind);
    const chosen = seatOf(state, reply[field]);
    if (chosen !== null && valid.includes(chosen)) return chosen;
    const names = valid.map((s) => state.players[s].name).join(", ");
    return `${field}: ${JSON.stringify(reply[field])} is not a valid target (valid: ${names})`;
  };

  switch (pending.kind) {
    case "night_kill":
    case "protect":
    case "unmask": {
      const t = target("target");
      if (typeof t === "string") return fail(t);
      if (pending.kind === "night_kill") {
        return { ok: true, decision: { kind: "night_kill", target: t, message: String(reply.message ?? "").trim() } };
      }
      return { ok: true, decision: { kind: pending.kind, target: t } };
    }
    case "vote": {
      const t = target("vote");
      if (typeof t === "string") return fail(t);
      return { ok: true, decision: { kind: "vote", target: t, reasoning: String(reply.reasoning ?? "").trim() } };
    }
    case "bid": {
      const bid = reply.bid as number;
      if (bid > state.config.maxBid) return fail(`bid: must be between 0 and ${state.config.maxBid}, got ${bid}`);
      return { ok: true, decision: { kind: "bid", bid } };
    }
    case "statement":
      return { ok: true, decision: { kind: "statement", statement: String(reply.statement).trim() } };
    case "self_analysis":
      return { ok: true, decision: { kind: "self_analysis", ...analysisFields(reply) } };
    case "peer_analysis":
      return {
        ok: true,
        decision: { kind: "peer_analysis", ...analysisFields(reply), suspicion_level: reply.suspicion_level as number },
      };
  }
}

const analysisFields = (reply: Record<string, unknown>): SelfAnalysis => ({
  is_deceptive: reply.is_deceptive as 0 | 1,
  confidence: reply.confidence as number,
  deception_type: reply.deception_type as SelfAnalysis["deception_type"],
  reasoning: String(reply.reasoning).trim(),
});
