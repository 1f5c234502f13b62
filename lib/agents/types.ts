/**
 * The one interface every agent kind implements (built-in bots, LLMs, remote HTTP agents). Game-agnostic:
 * the game's structured view and rendered prompt travel as opaque values; each game plugs its reply
 * schemas in as a `ReplyCodec`.
 */
import type { z } from "zod";

/**
 * What kind of decision is asked, as the game defines it: SocialGrid "act" | "vote" | "statement",
 * Werewolf "night_kill" | "bid" | "peer_analysis" …, Secret Mafia "discuss" | "vote" ….
 */
export type DecisionKind = string;

export interface DecisionRequest {
  episodeId: string;
  /** Game id, e.g. "socialgrid": selects the reply codec. */
  game: string;
  /** Env step the decision is for. */
  step: number;
  seat: number;
  role: string;
  kind: DecisionKind;
  /** The engine's structured player view (built-in bots read it; remote agents receive it as JSON). */
  observation: unknown;
  /** The engine's rendered prompt (LLMs read it; remote agents receive it). */
  prompt: { system: string; user: string };
  /** `act`: action codes legal now. In a macro only the first action is checked against them. */
  allowedActions?: number[];
  /** `act`: how many actions one reply may carry (1, or the game's macro limit, 5 by default). Default 1. */
  maxActions?: number;
  /**
   * Display names of the players the decision may name: SocialGrid `vote` (they also get trust scores);
   * the talk games' targeted kinds (night actions, votes).
   */
  players?: string[];
  /** Time budget for this decision in milliseconds, counted from when `decide` is called. */
  deadlineMs: number;
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
  /** The agent's reply in the game's wire shape (e.g. `{ thought, action }`); absent on error. */
  output: unknown;
  thought?: string;
  latencyMs: number;
  usage?: TokenUsage;
  /** Set when the agent failed; the runner then applies the engine's fallback decision. */
  error?: AgentError;
}

export type AgentKind = "builtin" | "llm" | "remote";

/** How the runner should render this agent's prompts (LLM agents); unset fields follow the game config. */
export interface PromptOptions {
  oracle?: string;
  macro: boolean;
}

/**
 * Create one agent per seat and episode: built-ins may keep memory between calls, and remote agents
 * keep their per-episode overage budget.
 */
export interface Agent {
  readonly id: string;
  readonly kind: AgentKind;
  readonly promptOptions?: PromptOptions;
  /** Never throws and never rejects: every failure is a typed `error` in the reply. */
  decide(request: DecisionRequest, signal?: AbortSignal): Promise<AgentReply>;
}

/** How one game's agents must reply, and how a schema-valid reply is checked against the request. */
export interface ReplyCodec {
  game: string;
  playerName(seat: number): string;
  /** The reply a remote agent (or built-in bot) may send for this request. */
  wireSchema(request: DecisionRequest): z.ZodType;
  /**
   * Stricter form for LLM structured output: `thought` first and required, OpenAI-strict compatible. May
   * depend only on the request's kind, `maxActions` and `players` (LLM agents cache it by them).
   */
  llmSchema(request: DecisionRequest, options: { macro: boolean }): z.ZodType;
  /** Checks a schema-valid reply against the request (legal actions, known players); null when fine. */
  check(request: DecisionRequest, output: unknown): AgentError | null;
}
