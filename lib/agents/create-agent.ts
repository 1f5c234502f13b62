import "server-only";
import { z } from "zod";
import { builtinAgentConfigSchema, createBuiltinAgent } from "./builtins";
import { createLlmAgent, llmAgentConfigSchema } from "./llm";
import { createRemoteAgent, remoteAgentConfigSchema, type RemoteAgentOptions } from "./remote";
import type { Agent } from "./types";

export const agentConfigSchema = z.discriminatedUnion("kind", [
  builtinAgentConfigSchema,
  llmAgentConfigSchema,
  remoteAgentConfigSchema,
]);

export type AgentConfig = z.infer<typeof agentConfigSchema>;
/** A config as stored or submitted, before defaults are filled in. */
export type AgentConfigInput = z.input<typeof agentConfigSchema>;

/** Operator settings (never from a user's submission): address policy and the episode's overage budget. */
export type AgentOptions = RemoteAgentOptions;

/**
 * Builds one agent for one seat of one episode. Throws (a ZodError, or an Error for an unknown built-in)
 * when the config is invalid; the agent it returns never throws.
 */
export function createAgent(config: AgentConfigInput, options: AgentOptions = {}): Agent {
  const parsed = agentConfigSchema.parse(config);
  switch (parsed.kind) {
    case "builtin":
      return createBuiltinAgent(parsed);
    case "llm":
      return createLlmAgent(parsed);
    case "remote":
      return createRemoteAgent(parsed, options);
  }
}
