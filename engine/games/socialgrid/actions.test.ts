import { describe, expect, it } from "vitest";
import { ACTIONS } from "./events";
import { act, eventsOf, fixture } from "./fixtures";
import { socialgrid } from "./index";
import type { SocialGridState } from "./state";

const ROOM = ["#######", "#.....#", "#.....#", "#.....#", "#.....#", "#....B#", "#######"];

const at = (state: SocialGridState, seat: number) => {
  const p = state.players[seat];
  return [p.x, p.y, p.facing];
};

describe("egocentric actions", () => {
  it.each([
    [103, ACTIONS.MOVE_FORWARD, [3, 2, 103]],
    [103, ACTIONS.MOVE_BACKWARD, [3, 4, 103]],
    [103, ACTIONS.STRAFE_RIGHT, [4, 3, 103]],
    [103, ACTIONS.STRAFE_LEFT, [2, 3, 103]],
    [100, ACTIONS.MOVE_FORWARD, [4, 3, 100]],
    [100, ACTIONS.STRAFE_RIGHT, [3, 4, 100]],
    [101, ACTIONS.STRAFE_RIGHT, [2, 3, 101]],
    [102, ACTIONS.MOVE_BACKWARD, [4, 3, 102]],
    [100, ACTIONS.TURN_LEFT, [3, 3, 103]],
    [100, ACTIONS.TURN_RIGHT, [3, 3, 101]],
    [100, ACTIONS.TURN_BACK, [3, 3, 102]],
    [101, ACTIONS.NOOP, [3, 3, 101]],
  ] as const)("facing %i, action %i → %j", (facing, action, expected) => {
    const state = fixture({ map: ROOM, players: [{ at: [3, 3], facing }] });
    const out = act(state, { 0: action });
    expect(at(out.state, 0)).toEqual(expected);
    expect(eventsOf(out.events, "step")[0].acts).toEqual([[0, action, 1, ...expected]]);
  });

  it("records a move into a tile taken earlier in the same step as failed (ok=0)", () => {
    // Both step into (3,2); the shuffled order decides who gets there.
    const state = fixture({
      map: ROOM,
      players: [
        { at: [2, 2], facing: 100 },
        { at: [4, 2], facing: 102 },
      ],
    });
    const out = act(state, { 0: ACTIONS.MOVE_FORWARD, 1: ACTIONS.MOVE_FORWARD });
    const acts = eventsOf(out.events, "step")[0].acts;
    expect(acts.map((a) => a[2]).sort()).toEqual([0, 1]);
    const loser = acts.find((a) => a[2] === 0)!;
    expect([loser[3], loser[4]]).toEqual(loser[0] === 0 ? [2, 2] : [4, 2]);
    expect(out.state.players[loser[0]].historyLines[0]).toMatch(/\(failed\)$/);
  });

  it("rejects an action outside ALLOWED_ACTIONS (naming it) and plays NOOP instead", () => {
    const state = fixture({ map: ROOM, players: [{ at: [1, 1], facing: 103 }] });
    const check = socialgrid.validateDecision(state, 0, { kind: "act", actions: [0] });
    expect(check).toEqual({
      ok: false,
      error: expect.stringContaining("action 0 (MOVE_FORWARD) is not in ALLOWED_ACTIONS"),
    });
    const out = socialgrid.step(state, { 0: { kind: "act", actions: [0] } });
    expect(eventsOf(out.events, "step")[0].acts[0].slice(0, 3)).toEqual([0, ACTIONS.NOOP, 1]);
  });

  it("computes ALLOWED_ACTIONS from the state", () => {
    const state = fixture({ map: ROOM, players: [{ at: [1, 1], facing: 103 }, { at: [2, 1] }] });
    // Wall above and to the left, a player to the right: only backward (down) is free.
    expect(socialgrid.playerView(state, 0).allowedActions).toEqual([1, 4, 5, 6, 7]);
  });
});

describe("doors", () => {
  const DOORWAY = ["#######", "#..#..#", "#..D..#", "#..#.B#", "#######"];

  it("a closed door blocks movement until opened, then can be walked through and closed again", () => {
    let state = fixture({ map: DOORWAY, players: [{ at: [2, 2], facing: 100 }] });
    expect(socialgrid.playerView(state, 0).allowedActions).not.toContain(ACTIONS.MOVE_FORWARD);
    expect(socialgrid.playerView(state, 0).allowedActions).toContain(ACTIONS.OPEN_DOOR);
    let out = act(state, { 0: ACTIONS.OPEN_DOOR });
    expect(eventsOf(out.events, "door")).toEqual([{ type: "door", t: 1, seat: 0, door: 0, open: true }]);
    state = out.state;
    expect(socialgrid.playerView(state, 0).frontTile).toBe("O");
    expect(socialgrid.playerView(state, 0).allowedActions).toContain(ACTIONS.CLOSE_DOOR);
    state = act(state, { 0: ACTIONS.MOVE_FORWARD }).state;
    expect(at(state, 0)).toEqual([3, 2, 100]);
    // Walk through, turn round and close it behind us.
    state = act(state, { 0: ACTIONS.MOVE_FORWARD }).state;
    state = act(state, { 0: ACTIONS.TURN_BACK }).state;
    out = act(state, { 0: ACTIONS.CLOSE_DOOR });
    expect(eventsOf(out.events, "door")[0].open).toBe(false);
    expect(out.state.doorsOpen).toEqual([false]);
  });

  it("a closed door blocks sight; an open one does not", () => {
    const state = fixture({ map: DOORWAY, players: [{ at: [1, 2] }, { at: [5, 2] }] });
    expect(socialgrid.playerView(state, 0).visiblePlayers).toEqual({});
    const opened = { ...state, doorsOpen: [true] };
    expect(socialgrid.playerView(opened, 0).visiblePlayers).toEqual({ "R00(5,2)": "Player_1" });
  });

  it("CLOSE_DOOR is not allowed while someone stands in the doorway", () => {
    const state = fixture({ map: DOORWAY, players: [{ at: [2, 2], facing: 100 }, { at: [3, 2] }] });
    const open = { ...state, doorsOpen: [true] };
    expect(socialgrid.playerView(open, 0).allowedActions).not.toContain(ACTIONS.CLOSE_DOOR);
  });
});
