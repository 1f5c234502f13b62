/**
 * Secret Mafia's decisions as agents see them: the player view (its `history` is what a TextArena agent
 * reads), the players a targeted move may name, and TextArena's action string as the reply. Whether a move
 * names a valid target is a game rule (a warning, then elimination), not a reply error.
 */
import { z } from "zod";
import { type DecisionKindSpec, llmThought, thoughtField } from "../../core/module";
import { DECISION_KINDS, type DecisionKind, MAX_ACTION_CHARS, type SecretMafiaDecision } from "./decisions";
import { playerName } from "./messages";
import { secretMafiaObservationSchema } from "./observation";
import type { SecretMafiaPlayerView } from "./view";

export interface SecretMafiaPayload {
  observation: SecretMafiaPlayerView;
  /** Targeted moves: the names of the valid targets ("Player 3"). */
  players?: string[];
}

const plainPayload = z.object({ observation: secretMafiaObservationSchema });
const targetedPayload = plainPayload.extend({
  players: z.array(z.string()).describe('The valid targets, e.g. "Player 3"; answer with "[3]" or "[Player 3]"'),
});

export function payloadFor(kind: string, view: SecretMafiaPlayerView): SecretMafiaPayload {
  if (kind === "discuss") return { observation: view };
  return { observation: view, players: (view.pending?.validTargets ?? []).map(playerName) };
}

/** TextArena's action string, plus an optional private `thought`. */
export const actionReplySchema = z.object({
  thought: thoughtField,
  action: z
    .string()
    .max(MAX_ACTION_CHARS)
    .describe("Your move: discussion text, or a target such as '[3]' or '[Player 3]'"),
});
export type ActionReply = z.infer<typeof actionReplySchema>;

/** OpenAI-strict: both fields required, no length keywords. */
const llmReply = z.object({
  thought: llmThought(),
  action: z.string().describe("Your move: discussion text, or a target such as '[3]' or '[Player 3]'"),
});

const DESCRIPTIONS: Record<DecisionKind, string> = {
  night_kill: "Each living Mafia member in turn votes for the night's victim (only the Mafia see these votes).",
  protect: "The Doctor protects one other player from tonight's attack.",
  investigate: "The Detective learns whether one other player is a Mafia member.",
  discuss: "One turn of public discussion, broadcast to every player.",
  vote: "Every living player votes publicly; the most voted player is eliminated.",
};

const spec = (kind: DecisionKind): DecisionKindSpec<SecretMafiaPayload, ActionReply, SecretMafiaDecision> => ({
  description: DESCRIPTIONS[kind],
  payload: (kind === "discuss" ? plainPayload : targetedPayload) as z.ZodType<SecretMafiaPayload>,
  reply: actionReplySchema,
  llmReply: () => llmReply,
  llmReplyKey: () => "action",
  decide: (reply) => ({ ok: true, decision: { kind, action: reply.action } }),
  exampleReply: (payload) => {
    const target = payload.players?.[0]?.replace("Player ", "") ?? "1";
    const action = kind === "discuss" ? "I think Player 3 is Mafia: they dodged the question twice." : `[${target}]`;
    return { thought: "Player 3 dodged the question twice.", action };
  },
});

export const secretMafiaDecisions = Object.fromEntries(DECISION_KINDS.map((kind) => [kind, spec(kind)])) as Record<
  DecisionKind,
  DecisionKindSpec<SecretMafiaPayload, ActionReply, SecretMafiaDecision>
>;
