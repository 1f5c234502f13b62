/** Helpers every agent kind uses to build its `AgentReply`. */
import type { AgentError, AgentErrorKind, AgentReply, TokenUsage } from "./types";

/** Raw outputs kept in `agent_error` events are clipped to this many characters. */
export const RAW_LIMIT = 8_000;

export function agentError(kind: AgentErrorKind, message: string, raw?: string): AgentError {
  if (raw === undefined) return { kind, message };
  const clipped = raw.length > RAW_LIMIT ? `${raw.slice(0, RAW_LIMIT)}…[${raw.length - RAW_LIMIT} more chars]` : raw;
  return { kind, message, raw: clipped };
}

export function failedReply(error: AgentError, latencyMs: number, usage?: TokenUsage): AgentReply {
  return usage ? { output: undefined, latencyMs, usage, error } : { output: undefined, latencyMs, error };
}

export function okReply(output: unknown, latencyMs: number, usage?: TokenUsage): AgentReply {
  const thought = thoughtOf(output);
  return {
    output,
    latencyMs,
    ...(thought !== undefined && { thought }),
    ...(usage && { usage }),
  };
}

function thoughtOf(output: unknown): string | undefined {
  if (typeof output !== "object" || output === null) return undefined;
  const thought = (output as { thought?: unknown }).thought;
  return typeof thought === "string" ? thought : undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
