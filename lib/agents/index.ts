/** The agents package: every agent kind behind one interface (see types.ts). */
export {
  agentConfigSchema,
  createAgent,
  type AgentConfig,
  type AgentConfigInput,
  type AgentOptions,
} from "./create-agent";
export type * from "./types";
export {
  builtinAgent,
  builtinAgentNames,
  memoryAgent,
  type BuiltinAgentConfig,
  type BuiltinAgentFactory,
  type MemoryBot,
  type RestorableAgent,
} from "./builtins";
export { createLlmAgent, llmAgentConfigSchema, retryPrompt, type LlmAgentConfig } from "./llm";
export {
  createRemoteAgent,
  DEFAULT_OVERAGE_BUDGET_MS,
  remoteAgentConfigSchema,
  type RemoteAgentConfig,
} from "./remote";
export {
  PROTOCOL_VERSION,
  remoteReplySchemas,
  remoteRequestJsonSchema,
  remoteRequestSchema,
  toRemoteRequest,
} from "./protocol";
export { MAX_RESPONSE_BYTES, OverageBudget, safePostJson, type SafeHttpPolicy } from "./safe-http";
export { generateWebhookSecret, isWebhookSecret, signWebhook } from "./signing";
export { replyCodecFor } from "./codecs";
export {
  llmReplySchema,
  replyJsonSchemas,
  socialGridReplies,
  toDecision,
  type AllowedChoices,
  type SocialGridDecision,
} from "./socialgrid-replies";
export { testCall, SAMPLE_REQUESTS, type TestCallResult } from "./test-call";
