/**
 * Test episodes: the engine played by a seeded random policy (kills, doors, tasks, reports, votes and
 * statements included), logged the way the runtime logs it (agent errors and `decisions` before each
 * round's engine events), with the engine state after every round to compare the viewer against.
 */
import type { GameEvent } from "@/engine/core/game";
import { Rng } from "@/engine/core/rng";
import {
  ACTIONS,
  allowedActions,
  socialgrid,
  type SocialGridConfigInput,
  type SocialGridDecision,
  type SocialGridState,
} from "@/engine/games/socialgrid";
import type { AgentErrorEvent, DecisionsEvent, LoggedEvent, SeatDecisionMeta } from "@/lib/arena/events";

export interface PlayedEpisode {
  entries: LoggedEvent[];
  /** `states[r]`: the engine state after round r (0: after setup). */
  states: SocialGridState[];
}

export function playEpisode(config: SocialGridConfigInput, seed: number, policySeed = seed): PlayedEpisode {
  const parsed = socialgrid.configSchema.parse(config);
  const rng = Rng.seeded(policySeed);
  const setup = socialgrid.setup(parsed, seed);
  let state = setup.state;
  const log: GameEvent[] = [...setup.events];
  const states = [state];
  for (let round = 1; !socialgrid.isTerminal(state); round++) {
    const decisions: Record<string, SocialGridDecision> = {};
    const seats: Record<string, SeatDecisionMeta> = {};
    const errors: AgentErrorEvent[] = [];
    for (const { seat } of socialgrid.pending(state)) {
      const timedOut = rng.float() < 0.03;
      decisions[seat] = timedOut ? socialgrid.fallbackDecision(state, seat) : decide(state, seat, rng);
      seats[seat] = {
        agentId: "test-agent",
        agentKind: "builtin",
        status: timedOut ? "timeout" : "ok",
        latencyMs: rng.int(1, 40),
        thought: `round ${round} seat ${seat}`,
      };
      if (timedOut)
        errors.push({
          type: "agent_error",
          round,
          seat,
          agentId: "test-agent",
          agentKind: "builtin",
          kind: "timeout",
          message: "no reply in time",
          latencyMs: 40,
        });
    }
    const event: DecisionsEvent = { type: "decisions", round, decisions, seats };
    const out = socialgrid.step(state, decisions);
    state = out.state;
    states.push(state);
    log.push(...errors, event, ...out.events);
  }
  const stored = JSON.parse(JSON.stringify(log)) as GameEvent[];
  return { entries: stored.map((payload, i) => ({ seq: i + 1, type: payload.type, payload })), states };
}

function decide(state: SocialGridState, seat: number, rng: Rng): SocialGridDecision {
  if (state.phase.kind === "vote") {
    const others = state.players.filter((p) => p.alive && p.seat !== seat).map((p) => p.seat);
    const trust = Object.fromEntries(others.map((s) => [String(s), Math.round(rng.float() * 100) / 100]));
    return { kind: "vote", vote: rng.pick<number | "skip">([...others, "skip"]), trust, thought: `seat ${seat} votes` };
  }
  if (state.phase.kind === "discussion") return { kind: "statement", text: `seat ${seat} speaks` };
  const allowed = allowedActions(state, seat);
  // Eager to kill and report, so short test games have bodies, reports and meetings.
  const eager = allowed.filter((a) => a === ACTIONS.KILL || a === ACTIONS.REPORT_DEADBODY);
  const first = eager.length > 0 && rng.float() < 0.8 ? eager[0] : rng.pick(allowed);
  const extra = state.config.macroMode ? Array.from({ length: rng.int(0, 3) }, () => rng.int(0, 7)) : [];
  return { kind: "act", actions: [first, ...extra] };
}
