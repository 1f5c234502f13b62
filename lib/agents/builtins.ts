/**
 * Built-in bots (no keys needed). A bot is one registry entry: a factory from its config to an Agent,
 * usually made with `builtinAgent`, which answers in the game's wire shape (e.g. `{ thought, action }`).
 */
import { z } from "zod";
import { replyCodecFor } from "./codecs";
import { agentError, errorMessage, failedReply, okReply } from "./reply";
import type { Agent, DecisionRequest } from "./types";

export const builtinAgentConfigSchema = z.object({
  kind: z.literal("builtin"),
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** Seeds the bot's own randomness, so seeded episodes replay exactly. */
  seed: z.number().int().default(0),
});

export type BuiltinAgentConfig = z.infer<typeof builtinAgentConfigSchema>;
export type BuiltinAgentFactory = (config: BuiltinAgentConfig) => Agent;

const builtinAgents: Record<string, BuiltinAgentFactory> = {};

export function builtinAgentNames(): string[] {
  return Object.keys(builtinAgents);
}

/** Throws on an unknown name (a configuration error, raised before any episode starts). */
export function createBuiltinAgent(config: BuiltinAgentConfig): Agent {
  const factory = Object.hasOwn(builtinAgents, config.name) ? builtinAgents[config.name] : undefined;
  if (!factory) {
    throw new Error(`unknown built-in agent "${config.name}"; known: ${builtinAgentNames().join(", ") || "none"}`);
  }
  return factory(config);
}

/**
 * Wraps a bot's decision function into an Agent: measures latency, checks the reply like any other
 * agent's, and turns a thrown bug into a typed error instead of crashing the episode.
 */
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
