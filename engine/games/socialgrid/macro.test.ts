import { describe, expect, it } from "vitest";
import { ACTIONS } from "./events";
import { eventsOf, fixture } from "./fixtures";
import { socialgrid } from "./index";

const ROOM = ["##########", "#........#", "#........#", "#........#", "#T......B#", "##########"];
const busy = { tasks: [{ kind: "long" as const, at: [1, 4] as [number, number] }] };
const macro = (actions: number[]) => ({ kind: "act" as const, actions });

describe("macro mode", () => {
  const base = (config = {}) =>
    fixture({
      map: ROOM,
      players: [
        { at: [2, 1], facing: 100, ...busy },
        { at: [2, 3], facing: 100, ...busy },
        { at: [7, 2], role: "impostor" },
      ],
      config: { macroMode: true, ...config },
    });

  it("queues up to maxMacroActions actions; pending lists only seats with an empty queue", () => {
    const out = socialgrid.step(base(), { 0: macro([0, 0, 0]), 1: macro([0]), 2: macro([7]) });
    expect(eventsOf(out.events, "step")).toHaveLength(1);
    expect(out.state.players[0].queue).toEqual([0, 0]);
    expect(socialgrid.pending(out.state).map((p) => p.seat)).toEqual([1, 2]);
  });

  it("runs env steps on its own while every live player still has queued actions", () => {
    const out = socialgrid.step(base(), { 0: macro([0, 0, 5]), 1: macro([0, 0, 0, 0]), 2: macro([7, 7, 7]) });
    const steps = eventsOf(out.events, "step");
    expect(steps.map((s) => s.t)).toEqual([1, 2, 3]);
    expect(out.state.players[0]).toMatchObject({ x: 4, y: 1, facing: 101, queue: [] });
    expect(socialgrid.pending(out.state).map((p) => p.seat)).toEqual([0, 2]);
  });

  it("a queued action that became impossible fails (ok=0) and uses its step", () => {
    const state = fixture({ map: ROOM, players: [{ at: [6, 1], facing: 100, ...busy }], config: { macroMode: true } });
    const out = socialgrid.step(state, { 0: macro([0, 0, 0, 0]) });
    expect(eventsOf(out.events, "step").map((s) => s.acts[0].slice(2, 4))).toEqual([
      [1, 7],
      [1, 8],
      [0, 8],
      [0, 8],
    ]);
  });

  it("a vote interrupts queued actions", () => {
    const out = socialgrid.step(base({ voteEvery: 2 }), {
      0: macro([0, 0, 0, 0, 0]),
      1: macro([0, 0, 0, 0, 0]),
      2: macro([7, 7, 7, 7, 7]),
    });
    expect(eventsOf(out.events, "step")).toHaveLength(2);
    expect(out.state.phase.kind).toBe("vote");
    expect(out.state.players.map((p) => p.queue)).toEqual([[], [], []]);
  });

  it("death drops the victim's queue", () => {
    const state = fixture({
      map: ROOM,
      players: [
        { at: [3, 2], facing: 101, ...busy },
        { at: [3, 1], facing: 101, role: "impostor" },
        { at: [6, 3], ...busy },
        { at: [7, 3], ...busy },
      ],
      config: { macroMode: true },
    });
    const out = socialgrid.step(state, {
      0: macro([7, 7, 7]),
      1: macro([ACTIONS.KILL, 7, 7]),
      2: macro([7, 7, 7]),
      3: macro([7, 7, 7]),
    });
    expect(out.state.players[0]).toMatchObject({ alive: false, queue: [] });
    for (const step of eventsOf(out.events, "step").slice(1)) expect(step.acts.map((a) => a[0])).not.toContain(0);
  });

  it("validates the length and the codes of a macro decision", () => {
    const state = base();
    expect(socialgrid.validateDecision(state, 0, macro([0, 0, 0, 0, 0, 0]))).toEqual({
      ok: false,
      error: "at most 5 actions per decision",
    });
    expect(socialgrid.validateDecision(state, 0, macro([0, 99])).ok).toBe(false);
    expect(socialgrid.validateDecision(state, 0, macro([0, 3, 3])).ok).toBe(true);
    const single = fixture({ map: ROOM, players: [{ at: [2, 1], ...busy }] });
    expect(socialgrid.validateDecision(single, 0, macro([0, 0]))).toEqual({
      ok: false,
      error: "at most 1 action per decision (macro mode is off)",
    });
  });
});
