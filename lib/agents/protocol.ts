/**
 * The remote agent protocol "social-arena/1" (docs/AGENT_PROTOCOL.md): what the arena POSTs to a user's
 * agent, and what the agent answers.
 */
import { z } from "zod";
import { secretMafiaWireSchema } from "./secret-mafia-replies";
import { actReplySchema, statementReplySchema, voteReplySchema } from "./socialgrid-replies";
import type { DecisionRequest, ReplyCodec } from "./types";
import { werewolfWireSchemas } from "./werewolf-replies";

export const PROTOCOL_VERSION = "social-arena/1";

export const remoteRequestSchema = z.object({
  protocol: z.literal(PROTOCOL_VERSION),
  episode_id: z.string(),
  game: z.string(),
  step: z.number().int().nonnegative(),
  seat: z.number().int().nonnegative(),
  /** Display name of the seat, e.g. "Player_2". */
  player: z.string(),
  role: z.string(),
  /** The game's decision kind: SocialGrid act | vote | statement; the talk games' kinds (docs/AGENT_PROTOCOL.md). */
  kind: z.string(),
  /** The game's structured view for this player. */
  observation: z.unknown(),
  /** The same view rendered as the LLM prompt. */
  prompt: z.object({ system: z.string(), user: z.string() }),
  /** Action codes legal now (act; empty otherwise). */
  allowed_actions: z.array(z.number().int()),
  /** Most actions one act reply may carry (1, or the game's macro limit, 5 by default). */
  max_actions: z.number().int().positive(),
  /** Players the decision may name: SocialGrid votes (each gets a trust score), talk-game targets; may be empty. */
  players: z.array(z.string()),
  /** Milliseconds the agent has to answer, counted from when the request is sent. */
  deadline_ms: z.number().int().positive(),
});

export type RemoteRequest = z.infer<typeof remoteRequestSchema>;

/** The reply for each request kind, by game. */
export const remoteReplySchemas = {
  socialgrid: { act: actReplySchema, vote: voteReplySchema, statement: statementReplySchema },
  werewolf: werewolfWireSchemas,
  "secret-mafia": { action: secretMafiaWireSchema },
};

/** Input mode, so no `additionalProperties: false`: fields may be added within social-arena/1. */
export const remoteRequestJsonSchema = z.toJSONSchema(remoteRequestSchema, { io: "input" });

export function toRemoteRequest(request: DecisionRequest, codec: ReplyCodec): RemoteRequest {
  return {
    protocol: PROTOCOL_VERSION,
    episode_id: request.episodeId,
    game: request.game,
    step: request.step,
    seat: request.seat,
    player: codec.playerName(request.seat),
    role: request.role,
    kind: request.kind,
    observation: request.observation,
    prompt: request.prompt,
    allowed_actions: request.allowedActions ?? [],
    max_actions: request.maxActions ?? 1,
    players: request.players ?? [],
    deadline_ms: Math.round(request.deadlineMs),
  };
}
