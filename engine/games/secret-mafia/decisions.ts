import type { DecisionCheck, PendingDecision } from "../../core/game";
import type { Phase } from "./events";
import { livingSeats, livingWithRole, publiclyAlive, type SecretMafiaState } from "./state";

export const DECISION_KINDS = ["night_kill", "protect", "investigate", "discuss", "vote"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

const KIND_OF_PHASE: Record<Phase, DecisionKind> = {
  night_mafia: "night_kill",
  night_doctor: "protect",
  night_detective: "investigate",
  day_discussion: "discuss",
  day_voting: "vote",
};

export const MAX_ACTION_CHARS = 4_000;

export interface SecretMafiaDecision {
  kind: DecisionKind;
  action: string;
  /** The engine's default for a failed agent: an empty action (silence in discussion, an invalid move otherwise). */
  fallback?: true;
}

export function pendingDecisions(state: SecretMafiaState): PendingDecision<DecisionKind>[] {
  if (state.phase === "over" || state.current === null) return [];
  return [{ seat: state.current, kind: KIND_OF_PHASE[state.phase] }];
}

/** The seats the current move may name (none for discussion). */
export function validTargets(state: SecretMafiaState, seat: number): number[] {
  switch (state.phase) {
    case "night_mafia": {
      const mafia = livingWithRole(state, "Mafia");
      return livingSeats(state).filter((s) => !mafia.includes(s));
    }
    case "night_doctor":
    case "night_detective":
      return publiclyAlive(state).filter((s) => s !== seat);
    case "day_voting":
      return livingSeats(state);
    default:
      return [];
  }
}

export function fallbackDecision(state: SecretMafiaState, seat: number): SecretMafiaDecision {
  const kind = pendingDecisions(state).find((p) => p.seat === seat)?.kind ?? "discuss";
  return { kind, action: "", fallback: true };
}

/**
 * Checks a decision for the seat to move; never throws. Whether the action names a valid target is a game
 * rule the step judges (a warning, then elimination), so this checks the shape only.
 */
export function validateDecision(
  state: SecretMafiaState,
  seat: number,
  raw: unknown,
): DecisionCheck<SecretMafiaDecision> {
  const pending = pendingDecisions(state).find((p) => p.seat === seat);
  if (!pending) return { ok: false, error: `Player ${seat} is not expected to move now (phase ${state.phase})` };
  const decision = raw as Partial<SecretMafiaDecision> | null;
  if (decision?.kind !== pending.kind) {
    return { ok: false, error: `expected a "${pending.kind}" move, got "${String(decision?.kind)}"` };
  }
  if (typeof decision.action !== "string" || decision.action.length > MAX_ACTION_CHARS) {
    return { ok: false, error: `action: must be text of at most ${MAX_ACTION_CHARS} characters` };
  }
  return { ok: true, decision: { kind: pending.kind, action: decision.action } };
}

/**
 * The target named in a move: the last '[X]' / '[Player X]' in the text (TextArena's greedy pattern also takes
 * the last one, so a leading echo of the speaker's own tag does not count). Null when there is none.
 */
export function parseTarget(action: string): number | null {
  const matches = [...action.matchAll(/\[(?:player\s*)?(\d+)\]/gi)];
  return matches.length === 0 ? null : Number(matches[matches.length - 1][1]);
}
