/**
 * Wraps a game's built-in bot into an Agent that answers like any other agent: its reply is checked and
 * decoded by the decision kind's spec, latency is measured, and a thrown bug becomes a typed error.
 */
import "server-only";
import type { Bot, SeatRequest } from "@/engine/core/module";
import { agentError, errorMessage, failedReply, replyOf } from "./reply";
import type { Agent, DecisionRequest } from "./types";

/**
 * After a crash the runner rebuilds an episode from its recorded decisions and, before asking anything new,
 * calls `restore` once per recorded turn of the seat, in order (lib/arena/session.ts), so a bot's memory is
 * rebuilt from the same observations.
 */
export interface RestorableAgent extends Agent {
  restore(turn: { request: SeatRequest }): void;
}

/**
 * An agent over a bot per game: the bot of the first request's game is made then (a seat plays one game).
 * Every request is observed before the bot chooses; recorded turns are only observed.
 */
export function botAgent(id: string, botFor: (game: string) => Bot | string): RestorableAgent {
  let bot: Bot | string | null = null;
  const botOf = (game: string) => (bot ??= botFor(game));
  return {
    id,
    kind: "builtin",
    async decide(request: DecisionRequest) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const seatBot = botOf(request.game);
      if (typeof seatBot === "string") return failedReply(agentError("config", seatBot), 0);
      try {
        seatBot.observe?.(request);
        return replyOf(request, seatBot.choose(request), elapsed());
      } catch (err) {
        return failedReply(agentError("internal", `built-in agent failed: ${errorMessage(err)}`), elapsed());
      }
    },
    restore(turn) {
      const seatBot = botOf(turn.request.game);
      try {
        if (typeof seatBot !== "string") seatBot.observe?.(turn.request);
      } catch {
        // A bot's bug must not fail the resume; if it persists, the bot's next decisions report it as typed errors.
      }
    },
  };
}
