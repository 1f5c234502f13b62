/**
 * The remote agent protocol "social-arena/1" (docs/AGENT_PROTOCOL.md): what the arena POSTs to a user's
 * agent. A request is a game-agnostic envelope plus the decision kind's payload, whose fields sit beside the
 * envelope's; every game's payloads and replies are published at `GET /api/games`.
 */
import "server-only";
import { z } from "zod";
import type { DecisionKindSpec } from "@/engine/core/module";
import type { DecisionRequest } from "./types";

export const PROTOCOL_VERSION = "social-arena/1";

export const envelopeSchema = z.object({
  protocol: z.literal(PROTOCOL_VERSION),
  episode_id: z.string(),
  game: z.string().describe("The game's id (`GET /api/games` lists them)"),
  step: z
    .number()
    .int()
    .nonnegative()
    .describe("The game's clock for this decision: SocialGrid's env step, the talk games' round of decisions"),
  seat: z.number().int().nonnegative(),
  player: z.string().describe('Your display name in the game, e.g. "Player_2" or "Bob"'),
  role: z.string(),
  kind: z.string().describe("The decision kind: what you must decide, and which payload and reply go with it"),
  prompt: z
    .object({ system: z.string(), user: z.string() })
    .describe("The payload rendered as the game's LLM prompt; forward it to a model or ignore it"),
  deadline_ms: z.number().int().positive().describe("Milliseconds you have, counted from when the request is sent"),
});

export type Envelope = z.infer<typeof envelopeSchema>;
export type RemoteRequest = Envelope & Record<string, unknown>;

/** A kind's whole request: the envelope plus its payload's fields (for docs and `/api/games`). */
export function requestSchemaOf(spec: DecisionKindSpec): z.ZodType {
  const payload = spec.payload as unknown as z.ZodObject;
  return envelopeSchema.extend(payload.shape);
}

/** Input mode, so no `additionalProperties: false`: fields may be added within social-arena/1. */
export const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

export function toRemoteRequest(request: DecisionRequest): RemoteRequest {
  return {
    protocol: PROTOCOL_VERSION,
    episode_id: request.episodeId,
    game: request.game,
    step: request.step,
    seat: request.seat,
    player: request.player,
    role: request.role,
    kind: request.kind,
    ...(request.payload as Record<string, unknown>),
    prompt: request.prompt,
    deadline_ms: Math.round(request.deadlineMs),
  };
}
