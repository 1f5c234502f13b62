/** Helpers every agent kind uses to build its `AgentReply`. */
import "server-only";
import { decodeReply } from "@/engine/core/module";
import type { AgentError, AgentErrorKind, AgentReply, DecisionRequest, TokenUsage } from "./types";

/** Raw outputs kept in `agent_error` events are clipped to this many characters. */
export const RAW_LIMIT = 8_000;

export function agentError(kind: AgentErrorKind, message: string, raw?: string): AgentError {
  if (raw === undefined) return { kind, message };
  const clipped = raw.length > RAW_LIMIT ? `${raw.slice(0, RAW_LIMIT)}…[${raw.length - RAW_LIMIT} more chars]` : raw;
  return { kind, message, raw: clipped };
}

export function failedReply(error: AgentError, latencyMs: number, usage?: TokenUsage, output?: unknown): AgentReply {
  return { output, latencyMs, ...(usage && { usage }), error };
}

/** The game's decision for an agent's reply, or why the reply cannot be used: parsed once, here at the edge. */
export function decided(
  request: DecisionRequest,
  output: unknown,
): { ok: true; decision: unknown } | { ok: false; error: AgentError } {
  const result = decodeReply(request.spec, request.kind, output, request.payload);
  if (result.ok) return result;
  return { ok: false, error: agentError(result.error.kind, result.error.message, safeJson(output)) };
}

/** An agent's reply checked and decoded into the game's decision (or the typed error if it cannot be used). */
export function replyOf(request: DecisionRequest, output: unknown, latencyMs: number, usage?: TokenUsage): AgentReply {
  const result = decided(request, output);
  return result.ok
    ? okReply(output, result.decision, latencyMs, usage)
    : failedReply(result.error, latencyMs, usage, output);
}

/** A usable reply: what the agent sent, the game's decision for it, and its private thought if any. */
export function okReply(output: unknown, decision: unknown, latencyMs: number, usage?: TokenUsage): AgentReply {
  const thought = thoughtOf(output);
  return { output, decision, latencyMs, ...(thought !== undefined && { thought }), ...(usage && { usage }) };
}

function thoughtOf(output: unknown): string | undefined {
  if (typeof output !== "object" || output === null) return undefined;
  const thought = (output as { thought?: unknown }).thought;
  return typeof thought === "string" ? thought : undefined;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
