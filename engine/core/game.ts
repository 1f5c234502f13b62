import type { z } from "zod";

/** A seat index: 0..players-1. Display names are derived by each game (SocialGrid: `Player_<seat>`). */
export type Seat = number;

/** Every event an engine emits is a plain, JSON-serialisable object with a `type`. */
export interface GameEvent {
  type: string;
}

/** Someone who must decide now, and what kind of decision the game expects from them. */
export interface PendingDecision<K extends string = string> {
  seat: Seat;
  kind: K;
}

export interface StepOutput<S, E extends GameEvent> {
  state: S;
  events: E[];
}

export type DecisionCheck<D> = { ok: true; decision: D } | { ok: false; error: string };

/**
 * A game is a plain definition (like boardgame.io): pure functions over a JSON-serialisable state that
 * carries its own seeded RNG. No I/O, no clocks, no Math.random. Same config + seed + decisions ⇒ same events.
 */
export interface GameDefinition<
  C,
  S,
  D,
  E extends GameEvent,
  V = unknown,
  SV = unknown,
  R = unknown,
  K extends string = string,
> {
  /** Bumped whenever a rule change could alter the events of a recorded episode. */
  rulesetVersion: string;
  /** Parsing `{}` yields the defaults. */
  configSchema: z.ZodType<C, unknown>;
  setup(config: C, seed: number): StepOutput<S, E>;
  /** Who must decide before the next `step`; empty once the game is over. */
  pending(state: S): PendingDecision<K>[];
  /** Checks an agent's (untrusted) decision for a pending seat; never throws. */
  validateDecision(state: S, seat: Seat, decision: unknown): DecisionCheck<D>;
  /** The decision used when an agent fails (timeout, invalid output): NOOP, skip, trust 0.5. */
  fallbackDecision(state: S, seat: Seat): D;
  /** Applies one decision per pending seat. Seats missing from `decisions` get the fallback. */
  step(state: S, decisions: Readonly<Record<Seat, D>>): StepOutput<S, E>;
  /** What one player may know (no secrets of others). */
  playerView(state: S, seat: Seat): V;
  /** The god view for spectators and replays. */
  spectatorView(state: S): SV;
  isTerminal(state: S): boolean;
  result(state: S): R | null;
}

/** The decisions given to one `step` call, in order: enough (with config and seed) to rebuild a run. */
export type DecisionLog<D> = ReadonlyArray<Readonly<Record<Seat, D>>>;
