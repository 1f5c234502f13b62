/** SocialGrid's seat bridge: engine player views and prompts in, validated engine decisions out. */
import {
  renderPrompt,
  socialgrid,
  type GameResult,
  type SocialGridConfig,
  type SocialGridEvent,
  type SocialGridState,
} from "@/engine/games/socialgrid";
import { SocialGridPov } from "@/engine/games/socialgrid/pov";
import { playerView, type PlayerView } from "@/engine/games/socialgrid/view";
import { episodeMetrics } from "@/engine/metrics";
import { agentError } from "@/lib/agents/reply";
import type { DecisionRequest } from "@/lib/agents/types";
import type { ArenaGame } from "./types";

const WINNING_ROLE = { crew: "crewmate", impostors: "impostor" } as const;
const ORACLE_LEVELS = ["high", "mid", "low"] as const;
const oracleLevel = (level: string | undefined) => ORACLE_LEVELS.find((l) => l === level);

/**
 * The request with its prompt rendered on first read: built-in bots read only the observation, and
 * rendering seven prompts a step would be most of their episodes' cost. Serialising the request (remote
 * agents) or reading `prompt` (LLM agents) renders it.
 */
function withLazyPrompt(view: PlayerView, request: Omit<DecisionRequest, "prompt">): DecisionRequest {
  let prompt: DecisionRequest["prompt"] | undefined;
  return Object.defineProperty(request, "prompt", {
    enumerable: true,
    get: () => {
      if (!prompt) {
        const { system, user } = renderPrompt(view);
        prompt = { system, user };
      }
      return prompt;
    },
  }) as DecisionRequest;
}

export const socialgridArena: ArenaGame<SocialGridConfig, SocialGridState> = {
  definition: socialgrid,
  seats: (config) => config.players,
  role: (state, seat) => state.players[seat].role,
  bridge: {
    request(state, pending, context) {
      // An LLM agent may be configured for its own planning-oracle level; the view is rendered at that level.
      const oracle = oracleLevel(context.agent.promptOptions?.oracle);
      const viewState =
        oracle && oracle !== state.config.oracle ? { ...state, config: { ...state.config, oracle } } : state;
      const view = playerView(viewState, pending.seat);
      return withLazyPrompt(view, {
        episodeId: context.episodeId,
        game: socialgrid.id,
        step: view.t,
        seat: pending.seat,
        role: view.role,
        kind: pending.kind as "act" | "vote" | "statement",
        observation: view,
        ...(pending.kind === "act" && {
          allowedActions: view.allowedActions,
          maxActions: state.config.macroMode ? state.config.maxMacroActions : 1,
        }),
        ...(pending.kind === "vote" && {
          players: (view.meeting?.allowedVotes ?? []).filter((name) => name !== "skip"),
        }),
        deadlineMs: context.deadlineMs,
      });
    },
    decision(state, pending, reply) {
      const check = socialgrid.validateDecision(state, pending.seat, reply.output);
      return check.ok
        ? check
        : { ok: false, error: agentError("illegal_action", check.error, JSON.stringify(reply.output)) };
    },
  },
  seatView(seat) {
    const pov = new SocialGridPov(seat);
    return (events) => pov.redact(events as SocialGridEvent[]);
  },
  metrics: (events) => episodeMetrics(events as SocialGridEvent[]),
  winners(result, roles) {
    const winner = (result as GameResult | null)?.winner;
    const side = winner ? WINNING_ROLE[winner] : null;
    return roles.flatMap((role, seat) => (role === side ? [seat] : []));
  },
};
