/**
 * Werewolf (WOLF) replies: the engine's reply schemas (`werewolfReplySchemas`) plus an optional `thought`
 * on the wire, and an OpenAI-strict form for LLM structured output. Players are named ("Bob"); the
 * request's `players` lists the names a targeted decision may choose.
 */
import { z } from "zod";
import {
  DECEPTION_TYPES,
  DECISION_KINDS,
  PLAYER_NAMES,
  werewolfReplySchemas,
  type DecisionKind,
} from "../../engine/games/werewolf";
import { agentError } from "./reply";
import type { DecisionRequest, ReplyCodec } from "./types";

const isWerewolfKind = (kind: string): kind is DecisionKind => (DECISION_KINDS as readonly string[]).includes(kind);
const TARGETED = new Set<string>(["night_kill", "protect", "unmask", "vote"]);

const thoughtField = {
  thought: z.string().optional().describe("Your private reasoning (never shown to other players)"),
};

/** The engine's schema of each kind, with an optional private `thought`. */
export const werewolfWireSchemas = Object.fromEntries(
  DECISION_KINDS.map((kind) => [kind, werewolfReplySchemas[kind].extend(thoughtField)]),
) as unknown as Record<DecisionKind, z.ZodObject>;

/**
 * The LLM form: `thought` first and every field required, without the keywords OpenAI's strict mode
 * rejects (string lengths; `check` and the engine enforce those). Targets are an enum of `players`.
 */
export function werewolfLlmSchema(request: DecisionRequest): z.ZodType {
  const thought = z.string().describe("Your private reasoning");
  const names = request.players ?? [];
  const target = names.length > 0 ? z.enum(names as [string, ...string[]]) : z.string();
  const analysis = {
    is_deceptive: z.number().int().min(0).max(1).describe("1 if deceptive, else 0"),
    confidence: z.number().min(0).max(1),
    deception_type: z.enum(DECEPTION_TYPES),
    reasoning: z.string(),
  };
  switch (request.kind) {
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
      return z.object({ thought, ...analysis });
    case "peer_analysis":
      return z.object({ thought, ...analysis, suspicion_level: z.number().min(0).max(1) });
    case "vote":
      return z.object({ thought, vote: target, reasoning: z.string().describe("A brief public explanation") });
    default:
      return z.never();
  }
}

export const werewolfReplies: ReplyCodec = {
  game: "werewolf",
  playerName: (seat) => PLAYER_NAMES[seat] ?? `Player_${seat}`,
  wireSchema: (request) => (isWerewolfKind(request.kind) ? werewolfWireSchemas[request.kind] : z.never()),
  llmSchema: werewolfLlmSchema,
  check(request, output) {
    if (!isWerewolfKind(request.kind)) return agentError("schema", `Werewolf has no "${request.kind}" decision`);
    const parsed = werewolfWireSchemas[request.kind].safeParse(output);
    if (!parsed.success) return agentError("schema", `${request.kind} reply: ${z.prettifyError(parsed.error)}`);
    if (!TARGETED.has(request.kind) || !request.players) return null;
    const reply = parsed.data as { target?: string; vote?: string };
    const named = (reply.target ?? reply.vote ?? "").trim().toLowerCase();
    if (request.players.some((name) => name.toLowerCase() === named)) return null;
    return agentError(
      "illegal_action",
      `"${reply.target ?? reply.vote}" is not a valid choice; valid: ${request.players.join(", ")}`,
    );
  },
};
