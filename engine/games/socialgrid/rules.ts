import type { StepOutput } from "../../core/game";
import {
  fallbackDecision,
  pendingDecisions,
  someoneMustDecide,
  validateDecision,
  type ActDecision,
  type SocialGridDecision,
  type StatementDecision,
  type VoteDecision,
} from "./decisions";
import type { SocialGridEvent } from "./events";
import type { SocialGridState } from "./state";
import { runEnvStep } from "./taskPhase";
import { applyStatements, applyVotes } from "./votePhase";

/**
 * Applies one decision per pending seat (invalid or missing ones get the fallback). In the task phase the
 * decisions fill the empty action queues and env steps run until someone must decide again — one env step
 * per call unless macro queues are still running — or the phase changes or the game ends.
 */
export function stepGame(
  state: SocialGridState,
  decisions: Readonly<Record<number, SocialGridDecision>>,
): StepOutput<SocialGridState, SocialGridEvent> {
  if (state.phase.kind === "over") return { state, events: [] };
  const decide = <D extends SocialGridDecision>(seat: number): D => {
    const raw = decisions[seat];
    const check = raw === undefined ? null : validateDecision(state, seat, raw);
    return (check?.ok ? check.decision : fallbackDecision(state, seat)) as D;
  };
  switch (state.phase.kind) {
    case "discussion":
      return applyStatements(state, (seat) => decide<StatementDecision>(seat));
    case "vote":
      return applyVotes(state, (seat) => decide<VoteDecision>(seat));
    case "task": {
      const queued = new Map<number, number[]>();
      for (const { seat } of pendingDecisions(state)) queued.set(seat, decide<ActDecision>(seat).actions);
      let out = runEnvStep(state, queued);
      const events = out.events;
      while (out.state.phase.kind === "task" && !someoneMustDecide(out.state)) {
        out = runEnvStep(out.state);
        for (const e of out.events) events.push(e);
      }
      return { state: out.state, events };
    }
  }
}
