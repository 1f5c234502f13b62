/**
 * The runtime's own events, interleaved with the engine's in an episode log (see docs/EPISODE_LOG.md).
 * Per round: `agent_error` events (one per failed seat), then `decisions` (exactly what `step()` got),
 * then the engine's events of that step.
 */
import type { AgentErrorKind, AgentKind, TokenUsage } from "@/lib/agents/types";
import type { GameEvent } from "@/engine/core/game";

export type SeatStatus = "ok" | "timeout" | "error" | "invalid";

export interface SeatDecisionMeta {
  agentId: string;
  agentKind: AgentKind;
  status: SeatStatus;
  latencyMs: number;
  thought?: string;
  usage?: TokenUsage;
}

export interface DecisionsEvent {
  type: "decisions";
  /** 1-based index of the `step()` call these decisions were given to. */
  round: number;
  /** Keyed by seat: the decisions passed to `step()`, fallbacks included. */
  decisions: Record<string, unknown>;
  seats: Record<string, SeatDecisionMeta>;
}

export interface AgentErrorEvent {
  type: "agent_error";
  round: number;
  seat: number;
  agentId: string;
  agentKind: AgentKind;
  kind: AgentErrorKind;
  message: string;
  /** The offending output, clipped. */
  raw?: string;
  latencyMs: number;
  usage?: TokenUsage;
}

export type RuntimeEvent = DecisionsEvent | AgentErrorEvent;

/** One stored entry of an episode log. `payload` is the whole event, `type` included. */
export interface LoggedEvent<E extends GameEvent = GameEvent> {
  seq: number;
  type: string;
  payload: E;
}

export const RUNTIME_EVENT_TYPES: ReadonlySet<string> = new Set(["decisions", "agent_error"]);

export const isRuntimeEvent = (event: GameEvent): event is RuntimeEvent => RUNTIME_EVENT_TYPES.has(event.type);

export const isDecisionsEvent = (event: GameEvent): event is DecisionsEvent => event.type === "decisions";

export const isAgentErrorEvent = (event: GameEvent): event is AgentErrorEvent => event.type === "agent_error";

/** The engine's own events, in order (what `replay()` produces). */
export const engineEvents = (log: readonly GameEvent[]): GameEvent[] => log.filter((e) => !isRuntimeEvent(e));

/** The decisions of every recorded round, in order: with config and seed, enough to rebuild the run. */
export const recordedDecisions = (log: readonly GameEvent[]): Array<Record<string, unknown>> =>
  log.filter(isDecisionsEvent).map((e) => e.decisions);
