/**
 * SocialGrid replies: what remote agents and LLMs answer (wire shape, `Player_X` names), and their
 * conversion into the engine's decisions (seats).
 */
import { z } from "zod";
import { ACTION_NAMES, ACTIONS, playerName } from "../../engine/games/socialgrid/events";
import { agentError } from "./reply";
import type { AgentError, DecisionRequest, ReplyCodec } from "./types";

/** The engine's upper bound for a macro (its `maxMacroActions` config); the request's `maxActions` applies. */
export const MAX_ACTIONS_PER_REPLY = 50;
export const STATEMENT_MAX_CHARS = 1_000;

const actionCodes = Object.values(ACTIONS);
const actionCode = z
  .number()
  .int()
  .min(Math.min(...actionCodes))
  .max(Math.max(...actionCodes))
  .describe("Action code: 0 MOVE_FORWARD … 13 KILL");
const playerNameSchema = z.string().regex(/^Player_\d+$/, "expected a player name like Player_3");
const voteTarget = z
  .string()
  .regex(/^(Player_\d+|skip)$/, 'expected a player name like Player_3, or "skip"')
  .describe('A player name like "Player_3", or "skip"');
const trustScore = z.number().min(0).max(1).describe("Trust that this player is a crewmate, 0..1");
const statementText = z.string().max(STATEMENT_MAX_CHARS);

export const actReplySchema = z.union([
  z.object({ thought: z.string().optional(), action: actionCode }),
  z.object({ thought: z.string().optional(), actions: z.array(actionCode).min(1).max(MAX_ACTIONS_PER_REPLY) }),
]);

export const voteReplySchema = z.object({
  thought: z.string().optional(),
  vote: voteTarget,
  trust_scores: z.record(playerNameSchema, trustScore),
  statement: statementText.nullish(),
});

export const statementReplySchema = z.object({
  thought: z.string().optional(),
  statement: statementText,
});

export type ActReply = z.infer<typeof actReplySchema>;
export type VoteReply = z.infer<typeof voteReplySchema>;
export type StatementReply = z.infer<typeof statementReplySchema>;

const wireSchemas = { act: actReplySchema, vote: voteReplySchema, statement: statementReplySchema } as const;

export type SocialGridKind = keyof typeof wireSchemas;
const isSocialGridKind = (kind: string): kind is SocialGridKind => Object.hasOwn(wireSchemas, kind);
/** Any other kind is answered with this schema, which no reply matches. */
const unknownKind = z.never();

/** JSON Schemas of the wire replies as accepted (unknown fields are ignored), for docs and agent authors. */
export const replyJsonSchemas = {
  act: z.toJSONSchema(actReplySchema, { io: "input" }),
  vote: z.toJSONSchema(voteReplySchema, { io: "input" }),
  statement: z.toJSONSchema(statementReplySchema, { io: "input" }),
};

/**
 * The LLM form: `thought` comes first and is required (the model reasons before it commits), every field
 * is required and only keywords OpenAI's strict mode accepts are used (so no string maxLength: `check`
 * enforces it, and an overlong statement earns the retry), and trust scores list the known players.
 */
export function llmReplySchema(request: DecisionRequest, options: { macro: boolean }): z.ZodType {
  const thought = z.string().describe("Your private reasoning");
  if (!isSocialGridKind(request.kind)) return unknownKind;
  switch (request.kind) {
    case "act":
      return options.macro
        ? z.object({
            thought,
            actions: z
              .array(actionCode)
              .min(1)
              .max(request.maxActions ?? 1),
          })
        : z.object({ thought, action: actionCode });
    case "vote":
      return z.object({
        thought,
        vote: voteTarget,
        trust_scores: request.players
          ? z.object(Object.fromEntries(request.players.map((name) => [name, trustScore])))
          : z.record(playerNameSchema, trustScore),
        statement: z.string().nullable().describe("What you say to the others, or null"),
      });
    case "statement":
      return z.object({ thought, statement: z.string() });
  }
}

/** The engine's SocialGrid decisions. */
export type SocialGridDecision =
  | { kind: "act"; actions: number[] }
  | { kind: "vote"; vote: number | "skip"; trust: Record<string, number>; thought: string }
  | { kind: "statement"; text: string };

export interface AllowedChoices {
  /** Action codes legal now (checked against the first action). */
  actions?: number[];
  /** Most actions one reply may carry. Default 1. */
  maxActions?: number;
  /** Names that may be voted for; trust scores for other names are dropped. */
  players?: string[];
}

export type DecisionResult = { ok: true; decision: SocialGridDecision } | { ok: false; error: AgentError };

export function toDecision(kind: string, output: unknown, allowed: AllowedChoices = {}): DecisionResult {
  if (!isSocialGridKind(kind))
    return { ok: false, error: agentError("schema", `SocialGrid has no "${kind}" decision`) };
  const parsed = wireSchemas[kind].safeParse(output);
  if (!parsed.success) {
    return { ok: false, error: agentError("schema", `${kind} reply: ${z.prettifyError(parsed.error)}`) };
  }
  switch (kind) {
    case "act":
      return actDecision(parsed.data as ActReply, allowed);
    case "vote":
      return voteDecision(parsed.data as VoteReply, allowed);
    case "statement":
      return { ok: true, decision: { kind: "statement", text: (parsed.data as StatementReply).statement.trim() } };
  }
}

function actDecision(reply: ActReply, allowed: AllowedChoices): DecisionResult {
  const actions = "action" in reply ? [reply.action] : reply.actions;
  const maxActions = allowed.maxActions ?? 1;
  if (actions.length > maxActions) {
    return illegal(`${actions.length} actions sent, at most ${maxActions} allowed`);
  }
  const [first] = actions;
  if (allowed.actions && !allowed.actions.includes(first)) {
    const legal = allowed.actions.map(describeAction).join(", ");
    return illegal(`action ${describeAction(first)} is not allowed now; allowed: ${legal}`);
  }
  return { ok: true, decision: { kind: "act", actions } };
}

function voteDecision(reply: VoteReply, allowed: AllowedChoices): DecisionResult {
  const { players } = allowed;
  if (reply.vote !== "skip" && players && !players.includes(reply.vote)) {
    return illegal(`vote target ${reply.vote} is not one of: ${[...players, "skip"].join(", ")}`);
  }
  const trust: Record<string, number> = {};
  for (const [name, score] of Object.entries(reply.trust_scores)) {
    if (!players || players.includes(name)) trust[String(seatOf(name))] = score;
  }
  const vote = reply.vote === "skip" ? "skip" : seatOf(reply.vote);
  return { ok: true, decision: { kind: "vote", vote, trust, thought: reply.thought ?? "" } };
}

const illegal = (message: string): DecisionResult => ({ ok: false, error: agentError("illegal_action", message) });

const seatOf = (name: string): number => Number(name.slice("Player_".length));

const describeAction = (code: number): string => `${code} (${ACTION_NAMES[code] ?? "unknown"})`;

export const socialGridReplies: ReplyCodec = {
  game: "socialgrid",
  playerName,
  wireSchema: (request) => (isSocialGridKind(request.kind) ? wireSchemas[request.kind] : unknownKind),
  llmSchema: llmReplySchema,
  check(request, output) {
    const result = toDecision(request.kind, output, {
      actions: request.allowedActions,
      maxActions: request.maxActions,
      players: request.players,
    });
    return result.ok ? null : result.error;
  },
};
