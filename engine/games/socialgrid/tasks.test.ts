import { describe, expect, it } from "vitest";
import { ACTIONS } from "./events";
import { act, actAll, eventsOf, fixture } from "./fixtures";
import { socialgrid } from "./index";

const ROOM = ["########", "#......#", "#.T..T.#", "#......#", "#.....B#", "########"];

const crewAt = (x: number, y: number, tasks: Array<{ kind: "common" | "short" | "long"; at: [number, number] }>) => ({
  at: [x, y] as [number, number],
  facing: 103 as const,
  tasks,
});

describe("tasks", () => {
  it("three DO_TASKs facing the station complete a common task, with App. I rewards", () => {
    const state = fixture({
      map: ROOM,
      players: [
        crewAt(2, 3, [
          { kind: "common", at: [2, 2] },
          { kind: "short", at: [5, 2] },
        ]),
        crewAt(4, 4, []),
      ],
    });
    const { state: after, events } = actAll(state, [{ 0: 8 }, { 0: 8 }, { 0: 8 }]);
    expect(eventsOf(events, "task_toggle").map((e) => [e.task, e.progress, e.required, e.fake])).toEqual([
      ["common_1_p0", 1, 3, false],
      ["common_1_p0", 2, 3, false],
      ["common_1_p0", 3, 3, false],
    ]);
    expect(eventsOf(events, "task_complete")).toEqual([
      { type: "task_complete", t: 3, seat: 0, task: "common_1_p0", kind: "common" },
    ]);
    const rewards = eventsOf(events, "step").map((e) => e.rewards[0]);
    expect(rewards[0]).toBeCloseTo(0.2 - 0.001);
    expect(rewards[2]).toBeCloseTo(0.2 + 1 - 0.001);
    expect(after.players[0].progress).toEqual([3, 0]);
    // Done: DO_TASK is no longer allowed at that station.
    expect(socialgrid.playerView(after, 0).allowedActions).not.toContain(ACTIONS.DO_TASK);
    expect(socialgrid.playerView(after, 0).tasks[0]).toMatchObject({ name: "common_task_1", done: true, progress: 3 });
  });

  it("DO_TASK needs one's own station on the front tile", () => {
    const state = fixture({
      map: ROOM,
      players: [crewAt(2, 3, [{ kind: "short", at: [5, 2] }]), crewAt(5, 3, [{ kind: "short", at: [2, 2] }])],
    });
    expect(socialgrid.playerView(state, 0).allowedActions).not.toContain(ACTIONS.DO_TASK);
    expect(socialgrid.playerView(state, 1).allowedActions).not.toContain(ACTIONS.DO_TASK);
  });

  it("impostors fake-toggle their fake tasks: recorded, no progress, no reward", () => {
    const state = fixture({
      map: ROOM,
      players: [
        { ...crewAt(2, 3, [{ kind: "common", at: [2, 2] }]), role: "impostor" },
        crewAt(4, 4, []),
        crewAt(5, 4, []),
      ],
    });
    const { state: after, events } = actAll(state, [{ 0: 8 }, { 0: 8 }, { 0: 8 }, { 0: 8 }]);
    expect(eventsOf(events, "task_toggle").map((e) => [e.progress, e.fake])).toEqual([
      [0, true],
      [0, true],
      [0, true],
      [0, true],
    ]);
    expect(eventsOf(events, "task_complete")).toEqual([]);
    expect(eventsOf(events, "step")[0].rewards[0]).toBeCloseTo(-0.005);
    expect(after.players[0].progress).toEqual([0]);
  });

  it("the crew wins once every surviving crewmate has finished all tasks", () => {
    const state = fixture({
      map: ROOM,
      players: [
        crewAt(2, 3, [{ kind: "common", at: [2, 2] }]),
        crewAt(5, 3, [{ kind: "common", at: [5, 2] }]),
        crewAt(3, 1, []),
        { at: [1, 4], role: "impostor" },
      ],
    });
    let out = actAll(state, [
      { 0: 8, 1: 8 },
      { 0: 8, 1: 8 },
    ]);
    expect(out.state.result).toBeNull();
    out = act(out.state, { 0: 8, 1: 8 });
    const end = eventsOf(out.events, "game_end")[0];
    expect(end).toMatchObject({ winner: "crew", reason: "tasks_complete", t: 3 });
    expect(end.rewards).toEqual([10, 10, 10, -10]);
    expect(socialgrid.isTerminal(out.state)).toBe(true);
    expect(socialgrid.pending(out.state)).toEqual([]);
    expect(end.returns[0]).toBeCloseTo(3 * 0.2 + 1 - 3 * 0.001 + 10);
  });
});
