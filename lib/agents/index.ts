/** The agents package: every agent kind behind one interface (see types.ts). */
import "server-only";
export {
  agentConfigSchema,
  createAgent,
  type AgentConfig,
  type AgentConfigInput,
  type AgentOptions,
} from "./create-agent";
export type * from "./types";
export {
  botAgent,
  builtinAgentNames,
  gamesWithBot,
  type BuiltinAgentConfig,
  type RestorableAgent,
} from "./builtins";
export { createLlmAgent, llmAgentConfigSchema, retryPrompt, type LlmAgentConfig } from "./llm";
export {
  createRemoteAgent,
  DEFAULT_OVERAGE_BUDGET_MS,
  remoteAgentConfigSchema,
  type RemoteAgentConfig,
} from "./remote";
export { envelopeSchema, PROTOCOL_VERSION, requestSchemaOf, toRemoteRequest } from "./protocol";
export { MAX_RESPONSE_BYTES, OverageBudget, safePostJson, type SafeHttpPolicy } from "./safe-http";
export { generateWebhookSecret, isWebhookSecret, signWebhook } from "./signing";
export { testCall, testRequest, type TestCallResult } from "./test-call";
