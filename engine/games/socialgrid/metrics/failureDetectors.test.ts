import { describe, expect, it } from "vitest";
import { ACTIONS, type Facing } from "../events";
import { episodeMetrics } from "./episodeMetrics";
import { DEFAULT_FAILURE_THRESHOLDS, FAILURE_MODES, type FailureMode } from "./failureDetectors";
import { EpisodeLogBuilder, type ActSpec } from "./testing/episodeLogBuilder";

const {
  MOVE_FORWARD: F,
  MOVE_BACKWARD: B,
  STRAFE_LEFT: L,
  STRAFE_RIGHT: R,
  TURN_LEFT,
  TURN_RIGHT,
  NOOP,
  DO_TASK,
  OPEN_DOOR,
  CLOSE_DOOR,
} = ACTIONS;

/**
 * Neutral filler: alternating NOOP and a DO_TASK that fails (no station in front). It changes no
 * pose and never forms a run, so it trips no detector by itself.
 */
const fill = (n: number): ActSpec[] => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? NOOP : DO_TASK));

/** Builds a one-seat log from `parts` (actions and fillers, in order) and returns its failure report. */
function failures(
  parts: ActSpec[][],
  options: {
    facing?: Facing;
    doors?: Array<{ id: number; pos: { x: number; y: number } }>;
    taskAt?: { x: number; y: number };
    kind?: "long";
  } = {},
) {
  const b = new EpisodeLogBuilder({
    roles: ["crewmate"],
    starts: [{ x: 0, y: 0 }],
    facings: [options.facing ?? 100],
    doors: options.doors,
    tasks: options.taskAt ? [[{ id: "t", station: options.taskAt, kind: options.kind ?? "long" }]] : undefined,
  });
  b.actions(0, parts.flat());
  return episodeMetrics(b.end("impostors")).seats[0].failures;
}

function onlyFlagged(report: ReturnType<typeof failures>, expected: Partial<Record<FailureMode, number>>) {
  for (const mode of FAILURE_MODES) expect(report.flaggedSteps[mode], mode).toBe(expected[mode] ?? 0);
}

const door = { doors: [{ id: 7, pos: { x: 1, y: 0 } }] };

describe("door toggle: ≥3 open/close actions on the same door within 10 steps", () => {
  it("flags the span from the first to the third action when it is exactly 10 steps", () => {
    const report = failures([[OPEN_DOOR], fill(3), [CLOSE_DOOR], fill(4), [OPEN_DOOR]], door);
    onlyFlagged(report, { doorToggle: 10 });
    expect(report.fractions.doorToggle).toBe(1);
  });

  it("does not flag when the three actions span 11 steps", () => {
    onlyFlagged(failures([[OPEN_DOOR], fill(3), [CLOSE_DOOR], fill(5), [OPEN_DOOR]], door), {});
  });

  it("counts failed attempts on the door too", () => {
    onlyFlagged(failures([[OPEN_DOOR, OPEN_DOOR, OPEN_DOOR], fill(2)], door), { doorToggle: 3 });
  });

  it("does not count door actions that face no door", () => {
    onlyFlagged(failures([[OPEN_DOOR, NOOP, CLOSE_DOOR, NOOP, OPEN_DOOR]]), {});
  });
});

describe("door spam: ≥5 door interactions within 15 steps without a position change", () => {
  // Facing plain floor: the interactions fail and touch no door, so door toggle stays quiet.
  const spam = (gapBeforeLast: number) => [
    [OPEN_DOOR],
    fill(2),
    [CLOSE_DOOR],
    fill(3),
    [OPEN_DOOR],
    fill(3),
    [CLOSE_DOOR],
    fill(gapBeforeLast),
    [OPEN_DOOR],
  ];

  it("flags 5 interactions spanning exactly 15 steps", () => {
    onlyFlagged(failures(spam(2)), { doorSpam: 15 });
  });

  it("does not flag 5 interactions spanning 16 steps", () => {
    onlyFlagged(failures(spam(3)), {});
  });

  it("does not flag when the agent moves in between", () => {
    onlyFlagged(failures([[OPEN_DOOR, CLOSE_DOOR], fill(1), [F], fill(1), [OPEN_DOOR, CLOSE_DOOR, OPEN_DOOR]]), {});
  });
});

describe("position ping-pong: ≥4 moves among ≤3 positions within 20 steps", () => {
  it("flags 4 moves between two cells spanning exactly 20 steps", () => {
    const report = failures([[F], fill(5), [B], fill(6), [F], fill(5), [B]]);
    onlyFlagged(report, { positionPingPong: 20 });
  });

  it("does not flag the same moves spanning 21 steps", () => {
    onlyFlagged(failures([[F], fill(5), [B], fill(6), [F], fill(6), [B]]), {});
  });

  it("allows three positions but not four", () => {
    expect(failures([[F], fill(1), [F], fill(1), [B], fill(1), [B]]).flaggedSteps.positionPingPong).toBe(7);
    expect(failures([[F], fill(1), [F], fill(1), [F], fill(1), [B]]).flaggedSteps.positionPingPong).toBe(0);
  });

  it("needs 4 moves, 3 are not enough", () => {
    onlyFlagged(failures([[F], fill(2), [B], fill(2), [F]]), {});
  });
});

describe("backtrack loops: ≥3 forward-then-backward (left-then-right) patterns within 15 steps", () => {
  // Pattern k covers its forward move and the backward move right after it. The alternation chain is
  // too slow for an oscillation; the moves stay on two cells, so ping-pong fires as well.
  const loop = (forward: number, backward: number, lastGap: number) => [
    [forward, backward],
    fill(4),
    [forward, backward],
    fill(lastGap),
    [forward, backward],
  ];

  it("flags three F→B patterns spanning exactly 15 steps", () => {
    const report = failures(loop(F, B, 5));
    expect(report.flaggedSteps.moveBacktrackLoop).toBe(15);
    expect(report.flaggedSteps.moveOscillation).toBe(0);
    expect(report.flaggedSteps.strafeBacktrackLoop).toBe(0);
  });

  it("does not flag them spanning 16 steps", () => {
    expect(failures(loop(F, B, 6)).flaggedSteps.moveBacktrackLoop).toBe(0);
  });

  it("does not flag two patterns", () => {
    expect(failures([[F, B], fill(2), [F, B]]).flaggedSteps.moveBacktrackLoop).toBe(0);
  });

  it("is broken by a turn between the forward and the backward move", () => {
    expect(
      failures([[F, TURN_LEFT, B], fill(1), [F, TURN_RIGHT, B], fill(1), [F, TURN_LEFT, B]]).flaggedSteps
        .moveBacktrackLoop,
    ).toBe(0);
  });

  it("flags three L→R strafe patterns spanning exactly 15 steps, not 16", () => {
    const report = failures(loop(L, R, 5));
    expect(report.flaggedSteps.strafeBacktrackLoop).toBe(15);
    expect(report.flaggedSteps.moveBacktrackLoop).toBe(0);
    expect(failures(loop(L, R, 6)).flaggedSteps.strafeBacktrackLoop).toBe(0);
  });

  it("counts forward runs of several steps retraced", () => {
    // F F B B three times: reversals at steps (1,2), (5,6), (9,10) → span 1..10.
    const report = failures([[F, F, B, B, F, F, B, B, F, F, B, B]]);
    expect(report.flaggedSteps.moveBacktrackLoop).toBe(10);
  });
});

describe("oscillation: ≥4 alternations of single opposite steps within 10 steps", () => {
  const oscillate = (a: number, b: number, lastGap: number) => [
    [a],
    fill(1),
    [b],
    fill(2),
    [a],
    fill(1),
    [b],
    fill(lastGap),
    [a],
  ];

  it("flags F B F B F spanning exactly 10 steps", () => {
    const report = failures(oscillate(F, B, 1));
    expect(report.flaggedSteps.moveOscillation).toBe(10);
    expect(report.flaggedSteps.moveBacktrackLoop).toBe(0);
  });

  it("does not flag them spanning 11 steps", () => {
    expect(failures(oscillate(F, B, 2)).flaggedSteps.moveOscillation).toBe(0);
  });

  it("does not flag three alternations", () => {
    expect(failures([[F, B, F, B]]).flaggedSteps.moveOscillation).toBe(0);
  });

  it("needs single steps: a repeated move breaks the chain", () => {
    expect(failures([[F, B, F, F, B, F]]).flaggedSteps.moveOscillation).toBe(0);
  });

  it("flags L R L R L spanning exactly 10 steps, not 11", () => {
    expect(failures(oscillate(L, R, 1)).flaggedSteps.strafeOscillation).toBe(10);
    expect(failures(oscillate(L, R, 1)).flaggedSteps.moveOscillation).toBe(0);
    expect(failures(oscillate(L, R, 2)).flaggedSteps.strafeOscillation).toBe(0);
  });
});

describe("turn toggle: ≥4 turns without movement within 8 steps", () => {
  it("flags four turns spanning exactly 8 steps", () => {
    onlyFlagged(failures([[TURN_LEFT], fill(1), [TURN_RIGHT], fill(2), [TURN_LEFT], fill(1), [TURN_RIGHT]]), {
      turnToggle: 8,
    });
  });

  it("does not flag four turns spanning 9 steps", () => {
    onlyFlagged(failures([[TURN_LEFT], fill(2), [TURN_RIGHT], fill(2), [TURN_LEFT], fill(1), [TURN_RIGHT]]), {});
  });

  it("does not flag when the agent moves between the turns", () => {
    onlyFlagged(failures([[TURN_LEFT, TURN_RIGHT, F, TURN_LEFT, TURN_RIGHT]]), {});
  });
});

describe("NOOP stall: ≥5 consecutive NOOPs", () => {
  it("flags a run of exactly 5", () => {
    const report = failures([[DO_TASK], Array(5).fill(NOOP), [DO_TASK]]);
    onlyFlagged(report, { noopStall: 5 });
    expect(report.steps).toBe(7);
    expect(report.fractions.noopStall).toBeCloseTo(5 / 7, 12);
  });

  it("does not flag a run of 4", () => {
    onlyFlagged(failures([[DO_TASK], Array(4).fill(NOOP), [DO_TASK]]), {});
  });
});

describe("task fixation: ≥10 consecutive DO_TASKs without completing a task", () => {
  it("flags 10 failing DO_TASKs, not 9", () => {
    onlyFlagged(failures([[NOOP], Array(10).fill(DO_TASK), [NOOP]]), { taskFixation: 10 });
    onlyFlagged(failures([[NOOP], Array(9).fill(DO_TASK), [NOOP]]), {});
  });

  it("does not flag the 13 DO_TASKs that complete a long task", () => {
    onlyFlagged(failures([Array(13).fill(DO_TASK)], { taskAt: { x: 1, y: 0 } }), {});
  });

  it("flags DO_TASKs that keep going after the completion", () => {
    onlyFlagged(failures([Array(23).fill(DO_TASK)], { taskAt: { x: 1, y: 0 } }), { taskFixation: 10 });
    onlyFlagged(failures([Array(22).fill(DO_TASK)], { taskAt: { x: 1, y: 0 } }), {});
  });
});

describe("stuckness index", () => {
  it("is the share of steps flagged by at least one detector", () => {
    // NOOP stall on steps 0–4, turn toggle on 5–8 (4 turns in a row), 11 clean steps after.
    const report = failures([Array(5).fill(NOOP), [TURN_LEFT, TURN_RIGHT, TURN_LEFT, TURN_RIGHT], fill(11)]);
    onlyFlagged(report, { noopStall: 5, turnToggle: 4 });
    expect(report.steps).toBe(20);
    expect(report.stuckSteps).toBe(9);
    expect(report.stuckness).toBeCloseTo(9 / 20, 12);
  });

  it("counts a step flagged by two detectors once", () => {
    const report = failures([[F, B, F, B, F]]);
    expect(report.flaggedSteps.moveOscillation).toBe(5);
    expect(report.flaggedSteps.positionPingPong).toBe(5);
    expect(report.stuckSteps).toBe(5);
  });
});

describe("thresholds are configurable", () => {
  it("uses the given NOOP run length", () => {
    const b = new EpisodeLogBuilder({ roles: ["crewmate"] });
    b.actions(0, [NOOP, NOOP, NOOP, DO_TASK]);
    const thresholds = { ...DEFAULT_FAILURE_THRESHOLDS, noopStall: { count: 3 } };
    const report = episodeMetrics(b.end("crew"), { failureThresholds: thresholds }).seats[0].failures;
    expect(report.flaggedSteps.noopStall).toBe(3);
  });
});

it("a dead seat is measured over the steps it was alive", () => {
  const b = new EpisodeLogBuilder({ roles: ["crewmate", "impostor"] });
  b.repeat(6, {}).kill(1, 0).repeat(4, {});
  const m = episodeMetrics(b.end("impostors"));
  expect(m.seats[0].failures.steps).toBe(6);
  expect(m.seats[0].failures.flaggedSteps.noopStall).toBe(6);
  expect(m.seats[1].failures.steps).toBe(10);
  expect(m.seats[0].survived).toBe(false);
});
