import type { GameDefinition } from "@/engine/core/game";
import type { DecisionKind } from "@/lib/agents/types";
import { agentError } from "@/lib/agents/reply";
import type { SeatBridge } from "./types";

/**
 * A bridge for games without their own prompts: the observation is the player view, the prompt its JSON,
 * and the reply's `output` must be the engine decision itself.
 */
export function genericSeatBridge<S>(
  definition: GameDefinition<any, S, any, any, any, any, any, any>,
  role: (state: S, seat: number) => string,
): SeatBridge<S> {
  return {
    request(state, pending, context) {
      const observation = definition.playerView(state, pending.seat);
      return {
        episodeId: context.episodeId,
        game: definition.id,
        step: context.round,
        seat: pending.seat,
        role: role(state, pending.seat),
        kind: pending.kind as DecisionKind,
        observation,
        prompt: {
          system: `You play ${definition.title}. Reply with a JSON decision of kind "${pending.kind}".`,
          user: JSON.stringify(observation),
        },
        deadlineMs: context.deadlineMs,
      };
    },
    decision(state, pending, reply) {
      const check = definition.validateDecision(state, pending.seat, reply.output);
      return check.ok ? check : { ok: false, error: agentError("illegal_action", check.error) };
    },
  };
}
