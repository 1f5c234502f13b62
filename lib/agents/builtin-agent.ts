/**
 * Wraps a built-in bot's decision code into an Agent that answers like any other agent: its reply is
 * checked by the game's codec, latency is measured, and a thrown bug becomes a typed error.
 */
import { replyCodecFor } from "./codecs";
import { agentError, errorMessage, failedReply, okReply } from "./reply";
import type { Agent, DecisionRequest } from "./types";

/**
 * A bot with memory. `observe` folds one request into the memory; `choose` answers from it. Everything the
 * bot remembers must come from what it observed (not from its own replies, which a failure may have
 * replaced by the fallback), so replaying the observations rebuilds the memory exactly.
 */
export interface MemoryBot {
  observe(request: DecisionRequest): void;
  choose(request: DecisionRequest): unknown;
}

/**
 * After a crash the runner rebuilds an episode from its recorded decisions and, before asking anything new,
 * calls `restore` once per recorded turn of the seat, in order (lib/arena/session.ts).
 */
export interface RestorableAgent extends Agent {
  restore(turn: { request: DecisionRequest }): void;
}

export function builtinAgent(id: string, decide: (request: DecisionRequest) => unknown): Agent {
  return {
    id,
    kind: "builtin",
    async decide(request) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const codec = replyCodecFor(request.game);
      if (!codec) return failedReply(agentError("config", `game "${request.game}" is not supported`), 0);
      try {
        const output = await decide(request);
        const problem = codec.check(request, output);
        return problem ? failedReply(problem, elapsed()) : okReply(output, elapsed());
      } catch (err) {
        return failedReply(agentError("internal", `built-in agent failed: ${errorMessage(err)}`), elapsed());
      }
    },
  };
}

/** An agent over a `MemoryBot`: every request is observed first, recorded turns only observed. */
export function memoryAgent(id: string, bot: MemoryBot): RestorableAgent {
  const agent = builtinAgent(id, (request) => {
    bot.observe(request);
    return bot.choose(request);
  });
  return {
    ...agent,
    restore(turn) {
      try {
        bot.observe(turn.request);
      } catch {
        // A bot's bug must not fail the resume; if it persists, the bot's next decisions report it as typed errors.
      }
    },
  };
}
