/**
 * Werewolf's decisions as agents see them: the request payload of each kind (the player view, plus the
 * players a targeted decision may name), the replies agents send (WOLF's JSON keys; players by name), their
 * LLM forms, and how a reply becomes the engine's decision (seats).
 */
import { z } from "zod";
import { type DecisionKindSpec, llmThought, type ReplyDecision, thoughtField } from "../../core/module";
import { DECISION_KINDS, type DecisionKind, type WerewolfDecision } from "./decisions";
import { DECEPTION_TYPES, type PeerAnalysis, type SelfAnalysis } from "./events";
import { werewolfObservationSchema } from "./observation";
import type { WerewolfPlayerView } from "./view";

/** Longest free text (statement before truncation, reasoning, pack note) accepted, in characters. */
export const MAX_TEXT_CHARS = 2_000;

const TARGETED: ReadonlySet<DecisionKind> = new Set(["night_kill", "protect", "unmask", "vote"]);

// ---- Request payloads ----

export interface WerewolfPayload {
  observation: WerewolfPlayerView;
  /** Targeted kinds: the names the decision may choose. */
  players?: string[];
}

const plainPayload = z.object({ observation: werewolfObservationSchema });
const targetedPayload = plainPayload.extend({
  players: z.array(z.string()).describe("The players this decision may name"),
});

/** The payload of a pending decision from the deciding player's view. */
export function payloadFor(kind: string, view: WerewolfPlayerView): WerewolfPayload {
  if (!TARGETED.has(kind as DecisionKind)) return { observation: view };
  return { observation: view, players: (view.pending?.options ?? []).map((seat) => view.players[seat].name) };
}

// ---- Replies: players are named, e.g. "Bob" ----

const playerNameField = z.string().describe('A living player\'s name, e.g. "Bob"');
const freeText = z.string().max(MAX_TEXT_CHARS);

const analysis = {
  is_deceptive: z.union([z.literal(0), z.literal(1)]),
  confidence: z.number().min(0).max(1),
  deception_type: z.enum(DECEPTION_TYPES),
  reasoning: freeText,
};

export const werewolfReplySchemas = {
  night_kill: z.object({
    thought: thoughtField,
    target: playerNameField,
    message: freeText.optional().describe("A private note to your fellow werewolves"),
  }),
  protect: z.object({ thought: thoughtField, target: playerNameField }),
  unmask: z.object({ thought: thoughtField, target: playerNameField }),
  bid: z.object({
    thought: thoughtField,
    bid: z.number().int().min(0).describe("How eager you are to speak next, 0 (not at all) to 10"),
  }),
  statement: z.object({
    thought: thoughtField,
    statement: freeText.describe("Your public statement, at most 20 words"),
  }),
  self_analysis: z.object({ thought: thoughtField, ...analysis }),
  peer_analysis: z.object({
    thought: thoughtField,
    ...analysis,
    suspicion_level: z.number().min(0).max(1).describe("How likely the speaker is deceiving, 0..1"),
  }),
  vote: z.object({
    thought: thoughtField,
    vote: playerNameField.describe("The player you vote to exile"),
    reasoning: freeText.optional().describe("A brief public explanation"),
  }),
} as const satisfies Record<DecisionKind, z.ZodType>;

type Reply<K extends DecisionKind> = z.infer<(typeof werewolfReplySchemas)[K]>;

/** The LLM form: `thought` first, every field required, targets an enum of the payload's players. */
function llmReply(kind: DecisionKind, payload: WerewolfPayload): z.ZodType {
  const thought = llmThought();
  const names = payload.players ?? [];
  const target = names.length > 0 ? z.enum(names as [string, ...string[]]) : z.string();
  const judged = {
    is_deceptive: z.number().int().min(0).max(1).describe("1 if deceptive, else 0"),
    confidence: z.number().min(0).max(1),
    deception_type: z.enum(DECEPTION_TYPES),
    reasoning: z.string(),
  };
  switch (kind) {
    case "night_kill":
      return z.object({ thought, target, message: z.string().describe("A private note to your fellow werewolves") });
    case "protect":
    case "unmask":
      return z.object({ thought, target });
    case "bid":
      return z.object({ thought, bid: z.number().int().min(0).describe("How eager you are to speak next, 0 to 10") });
    case "statement":
      return z.object({ thought, statement: z.string().describe("Your public statement, at most 20 words") });
    case "self_analysis":
      return z.object({ thought, ...judged });
    case "peer_analysis":
      return z.object({ thought, ...judged, suspicion_level: z.number().min(0).max(1) });
    case "vote":
      return z.object({ thought, vote: target, reasoning: z.string().describe("A brief public explanation") });
  }
}

const illegal = (message: string): ReplyDecision<never> => ({ ok: false, error: { kind: "illegal_action", message } });

/** The seat a reply names (any case), if it is one of the payload's players. */
function targetSeat(name: string, payload: WerewolfPayload): number | string {
  const wanted = name.trim().toLowerCase();
  const valid = payload.players ?? [];
  const chosen = valid.find((n) => n.toLowerCase() === wanted);
  const seat = payload.observation.players.find((p) => p.name === chosen)?.seat;
  return seat ?? `"${name}" is not a valid choice; valid: ${valid.join(", ")}`;
}

const analysisOf = (reply: Reply<"self_analysis">): SelfAnalysis => ({
  is_deceptive: reply.is_deceptive,
  confidence: reply.confidence,
  deception_type: reply.deception_type,
  reasoning: reply.reasoning.trim(),
});

function decide(
  kind: DecisionKind,
  reply: Record<string, unknown>,
  payload: WerewolfPayload,
): ReplyDecision<WerewolfDecision> {
  switch (kind) {
    case "night_kill":
    case "protect":
    case "unmask":
    case "vote": {
      const target = targetSeat(String(kind === "vote" ? reply.vote : reply.target), payload);
      if (typeof target === "string") return illegal(target);
      if (kind === "night_kill") {
        return { ok: true, decision: { kind, target, message: String(reply.message ?? "").trim() } };
      }
      if (kind === "vote")
        return { ok: true, decision: { kind, target, reasoning: String(reply.reasoning ?? "").trim() } };
      return { ok: true, decision: { kind, target } };
    }
    case "bid": {
      const { maxBid } = payload.observation.facts;
      const bid = reply.bid as number;
      return bid > maxBid
        ? illegal(`bid: must be between 0 and ${maxBid}, got ${bid}`)
        : { ok: true, decision: { kind, bid } };
    }
    case "statement":
      return { ok: true, decision: { kind, statement: String(reply.statement).trim() } };
    case "self_analysis":
      return { ok: true, decision: { kind, ...analysisOf(reply as Reply<"self_analysis">) } };
    case "peer_analysis": {
      const peer = reply as Reply<"peer_analysis">;
      const judged: PeerAnalysis = { ...analysisOf(peer), suspicion_level: peer.suspicion_level };
      return { ok: true, decision: { kind, ...judged } };
    }
  }
}

// ---- Examples for the docs ----

function exampleReply(kind: DecisionKind, payload: WerewolfPayload): Record<string, unknown> {
  const someone = payload.players?.[0] ?? "Bob";
  const judged = {
    is_deceptive: 1,
    confidence: 0.7,
    deception_type: "fabrication",
    reasoning: "An unsupported accusation.",
  };
  const replies: Record<DecisionKind, Record<string, unknown>> = {
    night_kill: { thought: "They are onto us.", target: someone, message: "Same target as last night's plan." },
    protect: { thought: "Guard the likely Seer.", target: someone },
    unmask: { thought: "The quietest player.", target: someone },
    bid: { thought: "I have something to say.", bid: 7 },
    statement: { thought: "Push on the accusation.", statement: `${someone} dodged every question today.` },
    self_analysis: {
      thought: "I told the truth.",
      ...judged,
      is_deceptive: 0,
      deception_type: "none",
      reasoning: "Honest.",
    },
    peer_analysis: { thought: "No way to know that.", ...judged, suspicion_level: 0.75 },
    vote: { thought: "The Seer named them.", vote: someone, reasoning: "The Seer named them." },
  };
  return replies[kind];
}

const DESCRIPTIONS: Record<DecisionKind, string> = {
  night_kill: "Each living werewolf in turn proposes the night's victim, with a private note to the pack.",
  protect: "The Doctor protects one player (themselves allowed) from tonight's attack.",
  unmask: "The Seer learns one player's exact role.",
  bid: "How eager you are to speak next (the previous speaker sits out); the highest bid gets the floor.",
  statement: "The top bidder's public statement (longer ones are cut to the word limit).",
  self_analysis: "The speaker rates their own statement for deception.",
  peer_analysis: "Every other living player rates the statement for deception and how suspicious it makes them.",
  vote: "Every living player votes to exile one player; a majority is needed.",
};

const spec = (kind: DecisionKind): DecisionKindSpec<WerewolfPayload, Record<string, unknown>, WerewolfDecision> => ({
  description: DESCRIPTIONS[kind],
  payload: (TARGETED.has(kind) ? targetedPayload : plainPayload) as z.ZodType<WerewolfPayload>,
  reply: werewolfReplySchemas[kind] as z.ZodType<Record<string, unknown>>,
  llmReply: (payload) => llmReply(kind, payload),
  llmReplyKey: (payload) => `${kind}:${(payload.players ?? []).join(",")}`,
  decide: (reply, payload) => decide(kind, reply, payload),
  exampleReply: (payload) => exampleReply(kind, payload),
});

export const werewolfDecisions = Object.fromEntries(DECISION_KINDS.map((kind) => [kind, spec(kind)])) as Record<
  DecisionKind,
  DecisionKindSpec<WerewolfPayload, Record<string, unknown>, WerewolfDecision>
>;
