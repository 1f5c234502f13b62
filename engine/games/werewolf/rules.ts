import type { StepOutput } from "../../core/game";
import { applyAnalyses, applyBids, applyStatement, applyVotes } from "./day";
import { fallbackDecision, pendingDecisions, validateDecision, type WerewolfDecision } from "./decisions";
import type { WerewolfEvent } from "./events";
import { applyNight } from "./night";
import type { WerewolfState } from "./state";

/**
 * Applies one decision per pending seat; missing or invalid ones get the fallback, and so does a decision
 * marked `fallback` (the runtime passing `fallbackDecision` back in keeps its flag that way).
 */
export function stepGame(
  state: WerewolfState,
  decisions: Readonly<Record<number, WerewolfDecision>>,
): StepOutput<WerewolfState, WerewolfEvent> {
  const decided = pendingDecisions(state).map(({ seat }) => {
    const raw = decisions[seat];
    const check = raw === undefined || raw.fallback ? null : validateDecision(state, seat, raw);
    return { seat, decision: check?.ok ? check.decision : fallbackDecision(state, seat) };
  });
  switch (state.phase.kind) {
    case "night":
      return applyNight(state, decided);
    case "bid":
      return applyBids(state, decided);
    case "statement":
      return applyStatement(state, decided);
    case "analysis":
      return applyAnalyses(state, decided);
    case "vote":
      return applyVotes(state, decided);
    case "over":
      return { state, events: [] };
  }
}
