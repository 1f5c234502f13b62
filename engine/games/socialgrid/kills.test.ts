import { describe, expect, it } from "vitest";
import { ACTIONS } from "./events";
import { act, actAll, eventsOf, fixture } from "./fixtures";
import { socialgrid } from "./index";

const ROOM = ["#########", "#.......#", "#.......#", "#.......#", "#.......#", "#T.....B#", "#########"];

/** Crewmates need an unfinished task, or they would count as done and the crew would win at once. */
const busy = { tasks: [{ kind: "long" as const, at: [1, 5] as [number, number] }] };

/** Impostor 0 at (2,2) facing right at crewmate 1; crewmates 2 and 3 elsewhere. */
const scene = (killCooldown = 0, extra: Partial<{ config: object }> = {}) =>
  fixture({
    map: ROOM,
    players: [
      { at: [2, 2], facing: 100, role: "impostor", killCooldown },
      { at: [3, 2], ...busy },
      { at: [5, 3], ...busy },
      { at: [7, 1], ...busy },
    ],
    ...extra,
  });

describe("kills", () => {
  it("a kill in cooldown is rejected", () => {
    const state = scene(3);
    expect(socialgrid.playerView(state, 0).allowedActions).not.toContain(ACTIONS.KILL);
    const check = socialgrid.validateDecision(state, 0, { kind: "act", actions: [ACTIONS.KILL] });
    expect(check.ok).toBe(false);
    const after = actAll(state, [{}, {}, {}]).state;
    expect(after.players[0].killCooldown).toBe(0);
    expect(socialgrid.playerView(after, 0).allowedActions).toContain(ACTIONS.KILL);
  });

  it("KILL is impostor-only, even as raw input", () => {
    const state = fixture({ map: ROOM, players: [{ at: [2, 2], facing: 100 }, { at: [3, 2] }] });
    expect(socialgrid.validateDecision(state, 0, { kind: "act", actions: [13] })).toEqual({
      ok: false,
      error: "action 13 (KILL) is only available to impostors",
    });
  });

  it("kills the crewmate in front: corpse, rewards, witnesses, cooldown", () => {
    const out = act(scene(0, { config: { killCooldown: 25 } }), { 0: ACTIONS.KILL });
    expect(eventsOf(out.events, "kill")).toEqual([
      { type: "kill", t: 1, killer: 0, victim: 1, pos: { x: 3, y: 2 }, witnesses: [2, 3] },
    ]);
    const step = eventsOf(out.events, "step")[0];
    expect(step.rewards[0]).toBeCloseTo(6 - 0.005);
    expect(step.rewards[1]).toBeCloseTo(-6 - 0.001);
    expect(out.state.players[1]).toMatchObject({ alive: false, fate: "killed" });
    expect(out.state.corpses).toEqual([{ seat: 1, x: 3, y: 2, t: 1 }]);
    expect(out.state.players[0].killCooldown).toBe(25);
    expect(socialgrid.playerView(out.state, 0).frontTile).toBe("C");
    expect(socialgrid.playerView(out.state, 2).visibleCorpses).toEqual({ "R00(3,2)": "Player_1" });
    expect(out.state.players[2].memory.notes.join("\n")).toContain("SAW Player_0 KILL Player_1");
  });

  it("the corpse blocks movement; dead players never act", () => {
    const killed = act(scene(), { 0: ACTIONS.KILL }).state;
    expect(socialgrid.playerView(killed, 0).allowedActions).not.toContain(ACTIONS.MOVE_FORWARD);
    expect(socialgrid.pending(killed).map((p) => p.seat)).toEqual([0, 2, 3]);
    expect(socialgrid.validateDecision(killed, 1, { kind: "act", actions: [7] }).ok).toBe(false);
    const out = socialgrid.step(killed, { 1: { kind: "act", actions: [ACTIONS.MOVE_BACKWARD] } });
    expect(
      eventsOf(out.events, "step")[0]
        .acts.map((a) => a[0])
        .sort(),
    ).toEqual([0, 2, 3]);
    expect(out.state.players[1]).toMatchObject({ x: 3, y: 2 });
  });

  it("impostor parity ends the game", () => {
    const state = fixture({
      map: ROOM,
      players: [
        { at: [2, 2], facing: 100, role: "impostor" },
        { at: [3, 2], ...busy },
        { at: [6, 4], ...busy },
      ],
    });
    const out = act(state, { 0: ACTIONS.KILL });
    expect(eventsOf(out.events, "game_end")[0]).toMatchObject({
      winner: "impostors",
      reason: "parity",
      rewards: [10, -10, -10],
    });
  });

  it("killing the last crewmate is all_crew_dead", () => {
    const state = fixture({
      map: ROOM,
      players: [{ at: [2, 2], facing: 100, role: "impostor" }, { at: [3, 2] }, { at: [5, 2], role: "impostor" }],
    });
    expect(eventsOf(act(state, { 0: ACTIONS.KILL }).events, "game_end")[0].reason).toBe("all_crew_dead");
  });
});

describe("reports and the emergency button", () => {
  it("REPORT_DEADBODY needs the corpse on the front tile, then starts a vote", () => {
    let state = act(scene(), { 0: ACTIONS.KILL }).state;
    // Player 2 stands next to the corpse but faces away from it.
    state = {
      ...state,
      players: state.players.map((p) => (p.seat === 2 ? { ...p, x: 3, y: 3, facing: 101 as const } : p)),
    };
    expect(socialgrid.playerView(state, 2).allowedActions).not.toContain(ACTIONS.REPORT_DEADBODY);
    state = act(state, { 2: ACTIONS.TURN_BACK }).state;
    expect(socialgrid.playerView(state, 2).allowedActions).toContain(ACTIONS.REPORT_DEADBODY);
    const out = act(state, { 2: ACTIONS.REPORT_DEADBODY });
    expect(eventsOf(out.events, "report")).toEqual([{ type: "report", t: 3, seat: 2, body: 1, pos: { x: 3, y: 2 } }]);
    expect(eventsOf(out.events, "vote_start")[0]).toMatchObject({
      reason: "report",
      caller: 2,
      round: 1,
      alive: [0, 2, 3],
    });
    expect(out.state.phase.kind).toBe("vote");
    expect(socialgrid.pending(out.state)).toEqual([0, 2, 3].map((seat) => ({ seat, kind: "vote" })));
  });

  it("CALL_DISCUSSION on the button starts a vote; meetings are limited", () => {
    const state = fixture({
      map: ROOM,
      players: [
        { at: [7, 4], facing: 101, ...busy },
        { at: [1, 1], ...busy },
        { at: [2, 1], role: "impostor" },
        { at: [3, 1], ...busy },
      ],
      config: { emergencyMeetings: 1 },
    });
    const out = act(state, { 0: ACTIONS.CALL_DISCUSSION });
    expect(eventsOf(out.events, "button")).toEqual([{ type: "button", t: 1, seat: 0, remaining: 0 }]);
    expect(eventsOf(out.events, "vote_start")[0]).toMatchObject({ reason: "button", caller: 0 });
    const skip = (seat: number) => socialgrid.fallbackDecision(out.state, seat);
    const back = socialgrid.step(out.state, { 0: skip(0), 1: skip(1), 2: skip(2), 3: skip(3) }).state;
    expect(back.phase.kind).toBe("task");
    expect(back.meetingsLeft).toBe(0);
    expect(socialgrid.playerView(back, 0).allowedActions).not.toContain(ACTIONS.CALL_DISCUSSION);
  });
});
