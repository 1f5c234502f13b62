import type { GameDefinition, GameEvent, PendingDecision } from "@/engine/core/game";
import type { Agent, AgentError, AgentReply, DecisionRequest } from "@/lib/agents/types";

export interface SeatContext {
  episodeId: string;
  /** The agent that will be asked (its prompt options may shape the request). */
  agent: Agent;
  /** 1-based index of the `step()` call being decided. */
  round: number;
  deadlineMs: number;
}

export type BridgedDecision = { ok: true; decision: unknown } | { ok: false; error: AgentError };

/** Translates between one game's engine and the game-agnostic agent interface, seat by seat. */
export interface SeatBridge<S = any> {
  /** What the agent of a pending seat is asked. */
  request(state: S, pending: PendingDecision, context: SeatContext): DecisionRequest;
  /** An agent's successful reply as the engine's decision, checked with the engine's `validateDecision`. */
  decision(state: S, pending: PendingDecision, reply: AgentReply, request: DecisionRequest): BridgedDecision;
}

/** A game as the arena runs it: the engine definition plus the runtime's per-game hooks. */
export interface ArenaGame<C = any, S = any> {
  definition: GameDefinition<C, S, any, any, any, any, any, any>;
  /** How many seats an episode with this (parsed) config has. */
  seats(config: C): number;
  /** The role the game gave a seat (stored on the participant), e.g. "impostor". */
  role(state: S, seat: number): string;
  bridge: SeatBridge<S>;
  /**
   * What the player in `seat` may know of the engine's events: a stateful filter fed the log's engine events
   * in order, whole rounds at a time, that returns one event per input — the event itself, a reduced copy,
   * or `{ type: "hidden" }`. Without it, per-seat views (`pov`) are not offered for the game.
   */
  seatView?(seat: number): SeatView;
  /** Per-seat metrics of a finished episode from its engine events. */
  metrics?(events: readonly GameEvent[]): unknown;
  /** The seats on the winning side of a finished episode, given the game's result and each seat's role. */
  winners(result: unknown, roles: readonly string[]): number[];
}

export type SeatView = (events: readonly GameEvent[]) => GameEvent[];

/** The seat view of a game whose events can be judged one by one. */
export const eventwiseView =
  (redact: (event: GameEvent, seat: number) => GameEvent) =>
  (seat: number): SeatView =>
  (events) =>
    events.map((event) => redact(event, seat));

export type ArenaGames = Readonly<Record<string, ArenaGame>>;

export const HIDDEN_EVENT: GameEvent = Object.freeze({ type: "hidden" });

/** A redacted copy of an engine event (its own shape, reduced), typed as an event. */
export const reduced = <E extends GameEvent>(event: E): GameEvent => event;
