import { describe, expect, it } from "vitest";
import type { VoteDecision } from "./decisions";
import { ACTIONS } from "./events";
import { act, actAll, eventsOf, fixture, type FixturePlayer } from "./fixtures";
import { socialgrid } from "./index";
import { startMeeting } from "./outcome";
import type { SocialGridState } from "./state";

const ROOM = ["#########", "#.......#", "#.......#", "#T.....B#", "#########"];
const busy = { tasks: [{ kind: "long" as const, at: [1, 3] as [number, number] }] };
const crew = (x: number): FixturePlayer => ({ at: [x, 1], ...busy });
const imp = (x: number): FixturePlayer => ({ at: [x, 2], role: "impostor" });

/** Impostors 0 and 1, crewmates 2..4, in a voting phase. */
function votingTable(
  config = {},
  players: FixturePlayer[] = [imp(1), imp(2), crew(3), crew(4), crew(5)],
): SocialGridState {
  return startMeeting(fixture({ map: ROOM, players, config }), "button", 2).state;
}

const vote = (target: number | "skip", trust: Record<string, number> = {}): VoteDecision => ({
  kind: "vote",
  vote: target,
  trust,
  thought: "",
});

function castVotes(state: SocialGridState, votes: Record<number, number | "skip" | VoteDecision>) {
  const decisions = Object.fromEntries(
    Object.entries(votes).map(([seat, v]) => [seat, typeof v === "object" ? v : vote(v)]),
  );
  return socialgrid.step(state, decisions);
}

describe("voting", () => {
  it("a tie for the most votes ejects nobody", () => {
    const out = castVotes(votingTable(), { 0: 2, 1: 2, 2: 0, 3: 0, 4: "skip" });
    expect(eventsOf(out.events, "vote_result")[0]).toMatchObject({
      tally: { 0: 2, 1: 0, 2: 2, 3: 0, 4: 0, skip: 1 },
      ejected: null,
    });
    expect(out.state.players.every((p) => p.alive)).toBe(true);
  });

  it("skip with at least as many votes as the top player ejects nobody", () => {
    const out = castVotes(votingTable(), { 0: "skip", 1: "skip", 2: 0, 3: 0, 4: "skip" });
    expect(eventsOf(out.events, "vote_result")[0].ejected).toBeNull();
    const equal = castVotes(votingTable(), { 0: "skip", 1: 3, 2: 0, 3: 0, 4: "skip" });
    expect(eventsOf(equal.events, "vote_result")[0]).toMatchObject({ ejected: null, tally: { skip: 2, 0: 2 } });
  });

  it("the most-voted impostor is ejected, with App. I voting rewards", () => {
    const out = castVotes(votingTable(), { 0: 2, 1: "skip", 2: 0, 3: 0, 4: 0 });
    const result = eventsOf(out.events, "vote_result")[0];
    expect(result.ejected).toBe(0);
    expect(result.ejectedRole).toBeUndefined();
    expect(result.rewards[0]).toBeCloseTo(-3);
    expect(result.rewards[1]).toBeCloseTo(0.05);
    expect(result.rewards.slice(2)).toEqual([3, 3, 3]);
    expect(out.state.players[0]).toMatchObject({ alive: false, fate: "ejected" });
    expect(out.state.phase.kind).toBe("task");
  });

  it("ejecting a crewmate costs voters and the ejected, and pays the impostors", () => {
    const out = castVotes(votingTable({ revealOnEject: true }), { 0: 3, 1: 3, 2: "skip", 3: 0, 4: 3 });
    const result = eventsOf(out.events, "vote_result")[0];
    expect(result).toMatchObject({ ejected: 3, ejectedRole: "crewmate" });
    expect(result.rewards[0]).toBeCloseTo(2);
    expect(result.rewards[1]).toBeCloseTo(2);
    expect(result.rewards[2]).toBeCloseTo(0.05);
    expect(result.rewards[3]).toBeCloseTo(3 - 2);
    expect(result.rewards[4]).toBeCloseTo(-2);
  });

  it("ejecting a crewmate into parity ends the game for the impostors", () => {
    const state = votingTable({}, [imp(1), imp(2), crew(3), crew(4), crew(5)]);
    const afterFirst = castVotes(state, { 0: 4, 1: 4, 2: 4, 3: "skip", 4: "skip" });
    const end = eventsOf(afterFirst.events, "game_end")[0];
    expect(end).toMatchObject({ winner: "impostors", reason: "parity" });
    expect(socialgrid.result(afterFirst.state)).toMatchObject({ winner: "impostors", reason: "parity" });
  });

  it("ejecting the last impostor wins for the crew", () => {
    const state = votingTable({}, [imp(1), crew(3), crew(4), crew(5)]);
    const out = castVotes(state, { 0: "skip", 1: 0, 2: 0, 3: 0 });
    expect(eventsOf(out.events, "game_end")[0]).toMatchObject({
      winner: "crew",
      reason: "all_impostors_ejected",
      rewards: [-10, 10, 10, 10],
    });
  });

  it("repairs votes: invalid targets become flagged skips, missing trust becomes a flagged 0.5", () => {
    const state = votingTable();
    const raw = {
      0: { kind: "vote", vote: 9, trust: { 1: 0.9, 2: 2, 3: -1, 4: 0.25, x: 0.5 } },
      1: { kind: "vote", vote: 1, trust: {} },
      // A skip the engine repaired in an episode recorded before replies were checked by the agents keeps its flag.
      2: { kind: "vote", vote: "skip", trust: {}, invalidTarget: "nobody in particular" },
      3: { kind: "vote", vote: 0, trust: {} },
      4: { kind: "vote", vote: "skip", trust: {} },
    };
    const decisions = Object.fromEntries(
      Object.entries(raw).map(([seat, d]) => {
        const check = socialgrid.validateDecision(state, Number(seat), d);
        if (!check.ok) throw new Error(check.error);
        return [seat, check.decision];
      }),
    );
    const votes = eventsOf(socialgrid.step(state, decisions).events, "vote");
    expect(votes[0]).toMatchObject({
      vote: "skip",
      trust: { 1: 0.9, 2: 1, 3: 0, 4: 0.25 },
      flags: { invalidTarget: "Player_9" },
    });
    expect(votes[0].flags?.missingTrust).toBeUndefined();
    expect(votes[1]).toMatchObject({ vote: "skip", flags: { invalidTarget: "Player_1", missingTrust: [0, 2, 3, 4] } });
    expect(votes[2]).toMatchObject({ vote: "skip", flags: { invalidTarget: "nobody in particular" } });
    expect(votes[3]).toMatchObject({ vote: 0 });
    expect(votes[4]).toMatchObject({ vote: "skip", flags: { missingTrust: [0, 1, 2, 3] } });
    expect(Object.keys(votes[3].trust)).toEqual(["0", "1", "2", "4"]);
  });

  it("after a vote: corpses are cleared, kill cooldowns restart, positions are kept", () => {
    let state = fixture({
      map: ROOM,
      players: [{ at: [2, 1], facing: 100, role: "impostor" }, crew(3), crew(5), crew(6)],
      config: { killCooldown: 10 },
    });
    state = act(state, { 0: ACTIONS.KILL }).state;
    expect(state.corpses).toHaveLength(1);
    state = { ...state, players: state.players.map((p) => (p.seat === 2 ? { ...p, x: 4, facing: 102 as const } : p)) };
    state = act(state, { 2: ACTIONS.REPORT_DEADBODY }).state;
    expect(state.phase.kind).toBe("vote");
    state = castVotes(state, { 0: "skip", 2: "skip", 3: "skip" }).state;
    expect(state.corpses).toEqual([]);
    expect(state.players[0].killCooldown).toBe(10);
    expect(state.players.map((p) => [p.x, p.y])).toEqual([
      [2, 1],
      [3, 1],
      [4, 1],
      [6, 1],
    ]);
    expect(state.players[0].memory.notes.at(-1)).toBe(
      "step=2: meeting 1 votes: Player_0->skip, Player_2->skip, Player_3->skip; nobody ejected",
    );
  });

  it("votes are scheduled every voteEvery env steps", () => {
    const state = fixture({ map: ROOM, players: [imp(1), crew(3), crew(5)], config: { voteEvery: 3 } });
    const { state: after, events } = actAll(state, [{}, {}, {}]);
    expect(eventsOf(events, "vote_start")).toEqual([
      { type: "vote_start", t: 3, round: 1, reason: "schedule", alive: [0, 1, 2], taskCompletion: 0 },
    ]);
    expect(after.phase.kind).toBe("vote");
  });

  it("optional discussion: each live player's statements are seen by all before the vote", () => {
    let state = votingTable({ discussionRounds: 2 });
    expect(state.phase.kind).toBe("discussion");
    expect(socialgrid.pending(state)[0]).toEqual({ seat: 0, kind: "statement" });
    const say = (turn: number) =>
      Object.fromEntries([0, 1, 2, 3, 4].map((s) => [s, { kind: "statement" as const, text: `P${s} turn ${turn}` }]));
    let out = socialgrid.step(state, say(1));
    expect(eventsOf(out.events, "statement").map((e) => [e.seat, e.turn, e.round])).toEqual(
      [0, 1, 2, 3, 4].map((s) => [s, 1, 1]),
    );
    state = out.state;
    expect(socialgrid.playerView(state, 3).meeting?.statements.map((s) => s.text)).toContain("P0 turn 1");
    out = socialgrid.step(state, say(2));
    expect(out.state.phase.kind).toBe("vote");
    expect(socialgrid.playerView(out.state, 4).meeting?.statements).toHaveLength(10);
  });

  it("the step limit ends the game for the impostors", () => {
    const state = fixture({ map: ROOM, players: [imp(1), crew(3), crew(5)], config: { maxSteps: 4 } });
    const { events, state: after } = actAll(state, [{}, {}, {}, {}]);
    expect(eventsOf(events, "game_end")[0]).toMatchObject({ t: 4, winner: "impostors", reason: "step_limit" });
    expect(socialgrid.isTerminal(after)).toBe(true);
    expect(socialgrid.step(after, {}).events).toEqual([]);
  });
});
