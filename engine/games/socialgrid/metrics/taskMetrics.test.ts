import { describe, expect, it } from "vitest";
import { ACTIONS } from "../events";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";

const { MOVE_FORWARD: F, TURN_RIGHT, DO_TASK } = ACTIONS;

/**
 * Seat 0 starts at (0,0) facing right with three tasks:
 * - c1 common at (3,0), optimal 5: F F reach it (t=2), 3 toggles complete it at t=5 → PE 5/5 = 1.
 * - s1 short at (2,3), optimal 12: turn down, F F face it (t=8), 8 toggles complete it at t=16 → PE 12/16.
 * - l1 long at (9,9): never reached.
 */
function threeTasks() {
  const b = new EpisodeLogBuilder({
    roles: ["crewmate", "crewmate", "impostor"],
    starts: [
      { x: 0, y: 0 },
      { x: 50, y: 50 },
      { x: 80, y: 80 },
    ],
    facings: [100, 100, 100],
    tasks: [
      [
        { id: "c1", kind: "common", station: { x: 3, y: 0 }, optimalSteps: 5 },
        { id: "s1", kind: "short", station: { x: 2, y: 3 }, optimalSteps: 12 },
        { id: "l1", kind: "long", station: { x: 9, y: 9 }, optimalSteps: 30 },
      ],
      [{ id: "c1b", kind: "common", station: { x: 51, y: 50 }, optimalSteps: 3 }],
      [{ id: "fake", kind: "common", station: { x: 81, y: 80 } }],
    ],
  });
  b.actions(0, [F, F, DO_TASK, DO_TASK, DO_TASK, TURN_RIGHT, F, F, ...Array(8).fill(DO_TASK)]);
  return b;
}

describe("task metrics", () => {
  it("computes TP, PSR, PE per task and PP", () => {
    const seat = episodeMetrics(threeTasks().end("impostors")).seats[0].tasks!;
    expect(seat.tasks.map((k) => [k.id, k.reached, k.completed, k.completedAt])).toEqual([
      ["c1", true, true, 5],
      ["s1", true, true, 16],
      ["l1", false, false, null],
    ]);
    expect(seat.tasks.map((k) => k.pe)).toEqual([1, 0.75, 0]);
    expect(seat.tp).toBeCloseTo(2 / 3, 12);
    expect(seat.psr).toBeCloseTo(2 / 3, 12);
    expect(seat.pp).toBeCloseTo((1 + 0.75) / 2, 12);
  });

  it("weights TP by task kind", () => {
    const m = episodeMetrics(threeTasks().end("impostors"), { taskWeights: { common: 1, short: 2, long: 3 } });
    expect(m.seats[0].tasks!.tp).toBeCloseTo((1 + 2) / 6, 12);
  });

  it("counts a task reached without completion (start pose facing the station) and gives PP 0", () => {
    // Seat 1 starts at (50,50) facing right, i.e. facing its station (51,50), and never toggles.
    const seat = episodeMetrics(threeTasks().end("impostors")).seats[1].tasks!;
    expect(seat.psr).toBe(1);
    expect(seat.tp).toBe(0);
    expect(seat.pp).toBe(0);
    expect(seat.tasks[0].pe).toBe(0);
  });

  it("caps PE at 1 when the recorded optimum exceeds the steps taken", () => {
    const b = new EpisodeLogBuilder({
      roles: ["crewmate"],
      starts: [{ x: 0, y: 0 }],
      tasks: [[{ id: "c", station: { x: 1, y: 0 }, optimalSteps: 9 }]],
    });
    b.actions(0, [DO_TASK, DO_TASK, DO_TASK]);
    expect(episodeMetrics(b.end("crew")).seats[0].tasks!.tasks[0].pe).toBe(1);
  });

  it("is null for a seat with only fake tasks", () => {
    expect(episodeMetrics(threeTasks().end("impostors")).seats[2].tasks).toBeNull();
  });

  it("counts steps from episode start, including voting-free waiting", () => {
    const b = new EpisodeLogBuilder({
      roles: ["crewmate"],
      starts: [{ x: 0, y: 0 }],
      tasks: [[{ id: "c", station: { x: 1, y: 0 }, optimalSteps: 3 }]],
    });
    b.repeat(3, {}).voteRound([]).actions(0, [DO_TASK, DO_TASK, DO_TASK]);
    // Completed at t = 6: PE = 3 / 6.
    expect(episodeMetrics(b.end("crew")).seats[0].tasks!.tasks[0].pe).toBe(0.5);
  });
});
