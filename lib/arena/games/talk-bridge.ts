/** The seat bridge of the talk games: the engine's player view and rendered prompt in, `validateDecision` out. */
import type { GameDefinition } from "@/engine/core/game";
import { agentError } from "@/lib/agents/reply";
import type { DecisionRequest } from "@/lib/agents/types";
import type { SeatBridge } from "./types";

export interface TalkBridgeSpec<S, V> {
  definition: GameDefinition<any, S, any, any, V, any, any, any>;
  role(view: V): string;
  /** The prompt of the view's pending decision (null only when nothing is pending). */
  render(view: V): { system: string; user: string } | null;
  /** Display names of the players the pending decision may name. */
  choices(view: V): string[];
}

/**
 * The request's prompt is rendered on first read: built-in bots read only the observation, LLM and
 * remote agents read (or serialise) the prompt.
 */
function withLazyPrompt<V>(
  request: Omit<DecisionRequest, "prompt">,
  view: V,
  render: TalkBridgeSpec<unknown, V>["render"],
): DecisionRequest {
  let prompt: DecisionRequest["prompt"] | undefined;
  return Object.defineProperty(request, "prompt", {
    enumerable: true,
    get: () => {
      if (!prompt) {
        const rendered = render(view);
        prompt = rendered ? { system: rendered.system, user: rendered.user } : { system: "", user: "" };
      }
      return prompt;
    },
  }) as DecisionRequest;
}

export function talkSeatBridge<S, V>(spec: TalkBridgeSpec<S, V>): SeatBridge<S> {
  const { definition } = spec;
  return {
    request(state, pending, context) {
      const view = definition.playerView(state, pending.seat);
      const players = spec.choices(view);
      return withLazyPrompt(
        {
          episodeId: context.episodeId,
          game: definition.id,
          step: context.round,
          seat: pending.seat,
          role: spec.role(view),
          kind: pending.kind,
          observation: view,
          ...(players.length > 0 && { players }),
          deadlineMs: context.deadlineMs,
        },
        view,
        spec.render,
      );
    },
    decision(state, pending, reply) {
      const check = definition.validateDecision(state, pending.seat, reply.output);
      return check.ok
        ? check
        : { ok: false, error: agentError("illegal_action", check.error, JSON.stringify(reply.output)) };
    },
  };
}
