/**
 * The one interface every agent kind implements (built-in bots, LLMs, remote HTTP agents). Game-agnostic:
 * what a game asks travels as its decision kind's payload and prompt, and the kind's spec checks replies.
 */
import type { DecisionKindSpec, SeatPrompt, SeatRequest } from "@/engine/core/module";

/** What kind of decision is asked, as the game defines it (SocialGrid "act", Werewolf "bid"…). */
export type DecisionKind = string;

/**
 * One decision asked of an agent: the game-agnostic envelope and the kind's payload (`SeatRequest`), the
 * rendered prompt, the time budget, and the kind's schemas (`spec`, never sent: agents use it to check and
 * decode replies).
 */
export interface DecisionRequest<P = unknown> extends SeatRequest<P> {
  /** The game's rendered prompt (LLMs read it; remote agents receive it). */
  prompt: SeatPrompt;
  /** Time budget for this decision in milliseconds, counted from when `decide` is called. */
  deadlineMs: number;
  spec: DecisionKindSpec<P>;
}

export type AgentErrorKind =
  | "timeout"
  | "http"
  | "parse"
  | "schema"
  | "illegal_action"
  | "network"
  | "blocked"
  | "too_large"
  /** The agent cannot run as configured (e.g. its API key variable is unset). */
  | "config"
  /** The agent's own code failed (a bug in a built-in bot). */
  | "internal";

export interface AgentError {
  kind: AgentErrorKind;
  message: string;
  /** The offending raw output or response body, clipped to `RAW_LIMIT` characters. */
  raw?: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AgentReply {
  /** The agent's reply as it sent it (e.g. `{ thought, action }`); absent when there was none. */
  output: unknown;
  /** The reply as the game's decision (checked and decoded by the kind's spec); set when there is no error. */
  decision?: unknown;
  thought?: string;
  latencyMs: number;
  usage?: TokenUsage;
  /** Set when the agent failed; the runner then applies the engine's fallback decision. */
  error?: AgentError;
}

export type AgentKind = "builtin" | "llm" | "remote";

/**
 * Create one agent per seat and episode: built-ins may keep memory between calls, and remote agents
 * keep their per-episode overage budget.
 */
export interface Agent {
  readonly id: string;
  readonly kind: AgentKind;
  /** The agent's own settings per game id, read by that game (SocialGrid: `{ oracle, macro }`). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Never throws and never rejects: every failure is a typed `error` in the reply. */
  decide(request: DecisionRequest, signal?: AbortSignal): Promise<AgentReply>;
}
