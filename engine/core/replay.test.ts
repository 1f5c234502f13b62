import { describe, expect, it } from "vitest";
import { socialgrid } from "../games/socialgrid";
import { replay } from "./replay";

describe("replay", () => {
  it("rebuilds a run from config, seed and decisions (raw or parsed config)", () => {
    const config = socialgrid.configSchema.parse({ maxSteps: 30 });
    let { state, events } = socialgrid.setup(config, 9);
    const decisions = [];
    while (!socialgrid.isTerminal(state)) {
      const round = Object.fromEntries(
        socialgrid.pending(state).map(({ seat }) => [seat, socialgrid.fallbackDecision(state, seat)]),
      );
      decisions.push(round);
      const out = socialgrid.step(state, round);
      state = out.state;
      events = [...events, ...out.events];
    }
    expect(replay(socialgrid, config, 9, decisions)).toEqual({ state, events });
    expect(replay(socialgrid, { maxSteps: 30 }, 9, decisions).events).toEqual(events);
    expect(replay(socialgrid, config, 9, []).events).toEqual(events.slice(0, 1));
  });
});
