import type { StepOutput } from "../../core/game";
import { fallbackDecision, validateDecision, type SecretMafiaDecision } from "./decisions";
import type { SecretMafiaEvent } from "./events";
import { advance, applyMove, rejectMove } from "./flow";
import type { SecretMafiaState } from "./state";
import { Transition } from "./transition";

/**
 * One move of the current player. A missing, malformed or `fallback` decision becomes the fallback (an empty
 * action), which the rules then judge like any other move.
 */
export function stepGame(
  state: SecretMafiaState,
  decisions: Readonly<Record<number, SecretMafiaDecision>>,
): StepOutput<SecretMafiaState, SecretMafiaEvent> {
  if (state.phase === "over" || state.current === null) return { state, events: [] };
  const seat = state.current;
  const raw = decisions[seat];
  const check = raw === undefined || raw.fallback ? null : validateDecision(state, seat, raw);
  const decision = check?.ok ? check.decision : fallbackDecision(state, seat);
  const fallback = decision.fallback === true;

  const tx = new Transition(state);
  tx.s.turn++;
  tx.s.players[seat].moves++;
  const problem = applyMove(tx, seat, decision.action, fallback);
  if (problem !== null) {
    rejectMove(tx, seat, decision.action, problem, fallback);
  } else {
    tx.s.invalidStreak = 0;
    advance(tx);
  }
  return tx.finish();
}
