import { describe, expect, it } from "vitest";
import { ACTIONS } from "./events";
import { actAll, fixture } from "./fixtures";
import { socialgrid } from "./index";

const HALL = [
  "###########",
  "#.........#",
  "#..T......#",
  "#.........#",
  "#####D#####",
  "#.........#",
  "#.B.......#",
  "#.........#",
  "#.........#",
  "#.........#",
  "###########",
];

const scene = (config = {}) =>
  fixture({
    map: HALL,
    players: [
      { at: [5, 2], facing: 101, tasks: [{ kind: "short", at: [3, 2] }] },
      { at: [7, 3], role: "impostor", killCooldown: 4 },
      { at: [5, 6] },
      { at: [8, 8], role: "impostor" },
    ],
    config,
  });

describe("player view", () => {
  it("renders the 9×9 occluded ASCII patch around the player", () => {
    const view = socialgrid.playerView(scene(), 0);
    expect(view.asciiPatch).toEqual({
      topLeft: { x: 1, y: -2 },
      rows: [
        "?????????",
        "?????????",
        "#########",
        ".........",
        "..T.v....",
        "......P..",
        "####D####",
        "?????????",
        "?????????",
      ],
    });
    expect(view.visiblePlayers).toEqual({ "R00(7,3)": "Player_1" });
    expect(view.nearestPlayerDist).toBe(3);
  });

  it("an open door lets sight through along the lines that pass it", () => {
    const state = scene();
    const view = socialgrid.playerView({ ...state, doorsOpen: [true] }, 0);
    expect(view.asciiPatch.rows.slice(6)).toEqual(["####O####", "????.????", "???.P.???"]);
    expect(view.visiblePlayers).toEqual({ "R00(7,3)": "Player_1", "R00(5,6)": "Player_2" });
  });

  it("shows position, facing, tasks, front tile and allowed actions", () => {
    const view = socialgrid.playerView(scene(), 0);
    expect(view).toMatchObject({
      name: "Player_0",
      role: "crewmate",
      position: "R00(5,2)",
      room: { row: 0, col: 0 },
      facing: 101,
      frontTile: ".",
      allowedActions: [0, 1, 2, 3, 4, 5, 6, 7],
      blocked: ["#", "T", "D", "C", "B", "P"],
    });
    expect(view.tasks).toEqual([
      {
        id: "short_1_p0",
        name: "short_task_1",
        kind: "short",
        pos: "R00(3,2)",
        x: 3,
        y: 2,
        progress: 0,
        required: 8,
        done: false,
        fake: false,
      },
    ]);
    expect(view.impostor).toBeUndefined();
    expect(JSON.stringify(view)).not.toMatch(/"role":"impostor"/);
  });

  it("gives impostors their kill cooldown and teammates", () => {
    expect(socialgrid.playerView(scene(), 1).impostor).toEqual({ killCooldown: 4, teammates: ["Player_3"] });
  });

  it("keeps the last 5 own steps as history lines and raises STALL_ALERT after 5 idle steps", () => {
    let { state } = actAll(scene(), [{ 0: ACTIONS.MOVE_BACKWARD }, { 0: ACTIONS.STRAFE_RIGHT }]);
    expect(socialgrid.playerView(state, 0).history).toEqual([
      "step=1: R00(5,2)->act=1->R00(5,1)",
      "step=2: R00(5,1)->act=2->R00(4,1)",
    ]);
    expect(socialgrid.playerView(state, 0).stallAlert).toBe(false);
    state = actAll(state, [{ 0: 7 }, { 0: 4 }, { 0: 5 }, { 0: 7 }]).state;
    expect(socialgrid.playerView(state, 0).stallAlert).toBe(false);
    state = actAll(state, [{ 0: 7 }]).state;
    const view = socialgrid.playerView(state, 0);
    expect(view.history).toHaveLength(5);
    expect(view.history[0]).toBe("step=3: R00(4,1)->act=7->R00(4,1)");
    expect(view.stallAlert).toBe(true);
  });

  it("shows the whole map, unoccluded, in global observation mode", () => {
    const view = socialgrid.playerView(scene({ observation: "global" }), 0);
    expect(view.asciiPatch.topLeft).toEqual({ x: 0, y: 0 });
    expect(view.asciiPatch.rows).toHaveLength(11);
    expect(view.asciiPatch.rows[2]).toBe("#..T.v....#");
    expect(view.asciiPatch.rows[6]).toBe("#.B..P....#");
    expect(Object.values(view.visiblePlayers).sort()).toEqual(["Player_1", "Player_2", "Player_3"]);
  });

  it("adds the oracle by level: high suggestions, mid predicted outcome, low nothing", () => {
    const high = socialgrid.playerView(scene(), 0).oracle!;
    expect(high).toMatchObject({ level: "high", bestTarget: "short_task_1", taskDist: { short_task_1: 2 } });
    expect(high.bestAction).toBe(ACTIONS.STRAFE_RIGHT);
    expect(high.plan).toEqual([ACTIONS.STRAFE_RIGHT]);
    // Two strafes to (7,2), already facing down at Player_1.
    expect(high.players).toEqual({ Player_1: { dist: 2, next: ACTIONS.STRAFE_LEFT } });
    expect(high.button.dist).toBeGreaterThan(0);
    expect(high.predicted).toBeUndefined();
    const mid = socialgrid.playerView(scene({ oracle: "mid" }), 0).oracle!;
    expect(mid.predicted).toMatchObject({ action: 2, position: "R00(4,2)", facing: 101, distAfter: 1 });
    expect(mid.predicted!.outcome).toBe("STRAFE_RIGHT: R00(5,2)->R00(4,2), facing 101; short_task_1 dist 2->1");
    expect(socialgrid.playerView(scene({ oracle: "low" }), 0).oracle).toBeUndefined();
  });

  it("points a ready impostor at the nearest visible crewmate", () => {
    const state = fixture({
      map: HALL,
      players: [
        { at: [2, 1], facing: 100, role: "impostor" },
        { at: [4, 1], tasks: [{ kind: "long", at: [3, 2] }] },
      ],
    });
    const oracle = socialgrid.playerView(state, 0).oracle!;
    expect(oracle).toMatchObject({
      bestTarget: "Player_1",
      bestAction: ACTIONS.MOVE_FORWARD,
      players: { Player_1: { dist: 1 } },
    });
  });
});

describe("spectator view", () => {
  it("shows everything: roles, positions, doors, corpses, task progress, pending decisions", () => {
    const view = socialgrid.spectatorView(scene());
    expect(view.players.map((p) => p.role)).toEqual(["crewmate", "impostor", "crewmate", "impostor"]);
    expect(view.map.tiles.slice(2, 4)).toEqual(["#..T.P....#", "#......P..#"]);
    expect(view.doors).toEqual([{ id: 0, pos: { x: 5, y: 4 }, open: false }]);
    expect(view.pending.map((p) => p.kind)).toEqual(["act", "act", "act", "act"]);
    expect(view.players[0].tasks[0]).toMatchObject({ name: "short_task_1", progress: 0, required: 8 });
  });
});
