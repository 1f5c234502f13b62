/**
 * Secret Mafia replies: TextArena's action string (`actionReplySchema`) plus an optional `thought`. Whether a
 * move names a valid target is a game rule (a warning, then elimination), so `check` only checks the shape.
 */
import { z } from "zod";
import { actionReplySchema, DECISION_KINDS, playerName } from "../../engine/games/secret-mafia";
import { agentError } from "./reply";
import type { ReplyCodec } from "./types";

const isMafiaKind = (kind: string) => (DECISION_KINDS as readonly string[]).includes(kind);

export const secretMafiaWireSchema = actionReplySchema.extend({
  thought: z.string().optional().describe("Your private reasoning (never shown to other players)"),
});

/** OpenAI-strict: both fields required, no length keywords. */
const llmSchema = z.object({
  thought: z.string().describe("Your private reasoning"),
  action: z.string().describe("Your move: discussion text, or a target such as '[3]' or '[Player 3]'"),
});

export const secretMafiaReplies: ReplyCodec = {
  game: "secret-mafia",
  playerName,
  wireSchema: (request) => (isMafiaKind(request.kind) ? secretMafiaWireSchema : z.never()),
  llmSchema: (request) => (isMafiaKind(request.kind) ? llmSchema : z.never()),
  check(request, output) {
    if (!isMafiaKind(request.kind)) return agentError("schema", `Secret Mafia has no "${request.kind}" decision`);
    const parsed = secretMafiaWireSchema.safeParse(output);
    return parsed.success ? null : agentError("schema", `${request.kind} reply: ${z.prettifyError(parsed.error)}`);
  },
};
