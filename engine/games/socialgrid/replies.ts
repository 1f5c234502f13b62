/**
 * SocialGrid's decisions as agents see them: the request payload of each kind (the player view plus what the
 * decision may choose from), the replies agents send (the paper's output keys, `Player_X` names), their LLM
 * forms, and how a reply becomes the engine's decision (seats).
 */
import { z } from "zod";
import { type DecisionKindSpec, llmThought, type ReplyDecision, thoughtField } from "../../core/module";
import type { ActDecision, SocialGridDecision, StatementDecision, VoteDecision } from "./decisions";
import { ACTION_NAMES, ACTIONS } from "./events";
import { seatOfName } from "./names";
import { socialGridObservationSchema } from "./observation";
import type { PlayerView } from "./view";

/** The engine's upper bound for a macro (its `maxMacroActions` config); the payload's `max_actions` applies. */
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

// ---- Request payloads ----

const observation = socialGridObservationSchema;

export const actPayloadSchema = z.object({
  observation,
  allowed_actions: z.array(actionCode).describe("The action codes that are legal now"),
  max_actions: z
    .number()
    .int()
    .min(1)
    .describe("How many actions one reply may carry: 1, or the game's macro limit (5 by default) in macro mode"),
});
export const votePayloadSchema = z.object({
  observation,
  players: z.array(z.string()).describe("The players you may vote for; give each a trust score"),
});
export const statementPayloadSchema = z.object({ observation });

export type ActPayload = z.infer<typeof actPayloadSchema>;
export type VotePayload = z.infer<typeof votePayloadSchema>;
export type StatementPayload = z.infer<typeof statementPayloadSchema>;
export type SocialGridPayload = ActPayload | VotePayload | StatementPayload;

// ---- Replies ----

export const actReplySchema = z.union([
  z.object({ thought: thoughtField, action: actionCode }),
  z.object({ thought: thoughtField, actions: z.array(actionCode).min(1).max(MAX_ACTIONS_PER_REPLY) }),
]);
export const voteReplySchema = z.object({
  thought: thoughtField,
  vote: voteTarget,
  trust_scores: z.record(playerNameSchema, trustScore),
  statement: statementText.nullish(),
});
export const statementReplySchema = z.object({ thought: thoughtField, statement: statementText });

export type ActReply = z.infer<typeof actReplySchema>;
export type VoteReply = z.infer<typeof voteReplySchema>;
export type StatementReply = z.infer<typeof statementReplySchema>;

const illegal = (message: string): ReplyDecision<never> => ({ ok: false, error: { kind: "illegal_action", message } });
const describeAction = (code: number): string => `${code} (${ACTION_NAMES[code] ?? "unknown"})`;
const seatOf = (name: string): number => seatOfName(name) ?? -1;

function actDecision(reply: ActReply, payload: ActPayload): ReplyDecision<ActDecision> {
  const actions = "action" in reply ? [reply.action] : reply.actions;
  if (actions.length > payload.max_actions) {
    return illegal(`${actions.length} actions sent, at most ${payload.max_actions} allowed`);
  }
  const [first] = actions;
  if (!payload.allowed_actions.includes(first)) {
    const legal = payload.allowed_actions.map(describeAction).join(", ");
    return illegal(`action ${describeAction(first)} is not allowed now; allowed: ${legal}`);
  }
  return { ok: true, decision: { kind: "act", actions } };
}

function voteDecision(reply: VoteReply, payload: VotePayload): ReplyDecision<VoteDecision> {
  const { players } = payload;
  if (reply.vote !== "skip" && !players.includes(reply.vote)) {
    return illegal(`vote target ${reply.vote} is not one of: ${[...players, "skip"].join(", ")}`);
  }
  const trust: Record<string, number> = {};
  for (const [name, score] of Object.entries(reply.trust_scores)) {
    if (players.includes(name)) trust[String(seatOf(name))] = score;
  }
  const vote = reply.vote === "skip" ? "skip" : seatOf(reply.vote);
  return { ok: true, decision: { kind: "vote", vote, trust, thought: reply.thought ?? "" } };
}

// ---- Building payloads ----

/** A payload from a player view; `maxActions` is what this agent may queue (1 unless in macro mode). */
export function payloadFor(kind: string, view: PlayerView, maxActions: number): SocialGridPayload {
  switch (kind) {
    case "act":
      return { observation: view, allowed_actions: view.allowedActions, max_actions: maxActions };
    case "vote":
      return { observation: view, players: (view.meeting?.allowedVotes ?? []).filter((name) => name !== "skip") };
    default:
      return { observation: view };
  }
}

/** The three decision kinds of SocialGrid. */
export const socialGridDecisions = {
  act: {
    description: "Move, work, open doors or (impostors) kill: one action, or a short queue of them in macro mode.",
    payload: actPayloadSchema,
    reply: actReplySchema,
    llmReply: (payload) =>
      payload.max_actions > 1
        ? z.object({ thought: llmThought(), actions: z.array(actionCode).min(1).max(payload.max_actions) })
        : z.object({ thought: llmThought(), action: actionCode }),
    llmReplyKey: (payload) => `act:${payload.max_actions}`,
    decide: actDecision,
    exampleReply: (payload) => ({ thought: "Towards my task station.", action: payload.allowed_actions[0] }),
  } satisfies DecisionKindSpec<ActPayload, ActReply, SocialGridDecision>,
  vote: {
    description: "Vote to eject a player (or skip) and say how much you trust each player to be a crewmate.",
    payload: votePayloadSchema,
    reply: voteReplySchema,
    llmReply: (payload) =>
      z.object({
        thought: llmThought(),
        vote: voteTarget,
        trust_scores: z.object(Object.fromEntries(payload.players.map((name) => [name, trustScore]))),
        statement: z.string().nullable().describe("What you say to the others, or null"),
      }),
    llmReplyKey: (payload) => `vote:${payload.players.join(",")}`,
    decide: voteDecision,
    exampleReply: (payload) => {
      const [suspect, ...others] = payload.players;
      return {
        thought: `${suspect} left the room where the body was found.`,
        vote: suspect ?? "skip",
        trust_scores: Object.fromEntries([...(suspect ? [[suspect, 0.1]] : []), ...others.map((name) => [name, 0.7])]),
        statement: `I saw ${suspect} leave that room right before the meeting.`,
      };
    },
  } satisfies DecisionKindSpec<VotePayload, VoteReply, SocialGridDecision>,
  statement: {
    description: "One turn of discussion before a vote; every other player sees it.",
    payload: statementPayloadSchema,
    reply: statementReplySchema,
    llmReply: () => z.object({ thought: llmThought(), statement: z.string() }),
    llmReplyKey: () => "statement",
    decide: (reply): ReplyDecision<StatementDecision> => ({
      ok: true,
      decision: { kind: "statement", text: reply.statement.trim() },
    }),
    exampleReply: () => ({ thought: "Share what I saw.", statement: "Player_4 came out of the east room at step 12." }),
  } satisfies DecisionKindSpec<StatementPayload, StatementReply, SocialGridDecision>,
};
