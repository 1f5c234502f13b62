import { describe, expect, it } from "vitest";
import { ACTIONS } from "../events";
import { aggregateByAgent } from "./agentAggregates";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";

const ROLES = ["crewmate", "crewmate", "crewmate", "impostor"] as const;

/** 3 crew + 1 impostor; seat 0 completes its task, the impostor kills seat 2, seat 3 is voted out. */
function episode() {
  const b = new EpisodeLogBuilder({
    roles: [...ROLES],
    starts: [{ x: 0, y: 0 }],
    tasks: [
      [{ id: "c0", station: { x: 1, y: 0 }, optimalSteps: 3 }],
      [{ id: "c1", station: { x: 5, y: 5 }, optimalSteps: 9 }],
    ],
  });
  b.actions(0, [ACTIONS.DO_TASK, ACTIONS.DO_TASK, ACTIONS.DO_TASK]).repeat(5, {}).kill(3, 2);
  b.voteRound(
    [
      { seat: 0, vote: 3, thought: "I saw Player_3 kill Player_2", trust: { 1: 0.9, 3: 0.1 } },
      { seat: 1, vote: 0, thought: "Player_0 was stationary", trust: { 0: 0.3, 3: 0.8 } },
      { seat: 3, vote: 1, thought: "", trust: { 0: 0.5, 1: 0.5 } },
    ],
    "report",
  );
  // Tally 3:1, 0:1, 1:1 → tie, nobody ejected. Second round ejects the impostor.
  b.voteRound([
    { seat: 0, vote: 3 },
    { seat: 1, vote: 3 },
    { seat: 3, vote: 0 },
  ]);
  return b.end("crew", "all_impostors_ejected");
}

describe("episodeMetrics", () => {
  it("reports episode-level facts", () => {
    expect(episodeMetrics(episode()).episode).toEqual({
      players: 4,
      roles: [...ROLES],
      impostors: [3],
      winner: "crew",
      reason: "all_impostors_ejected",
      length: 8,
      voteRounds: 2,
      kills: 1,
      ejections: [3],
      staticBaseline: 1 / 3,
      crewDetection: { correct: 3, votes: 4 },
    });
  });

  it("reports every metric per seat", () => {
    const { seats } = episodeMetrics(episode());
    expect(seats.map((s) => [s.seat, s.role, s.survived])).toEqual([
      [0, "crewmate", true],
      [1, "crewmate", true],
      [2, "crewmate", false],
      [3, "impostor", false],
    ]);
    expect(seats[0].tasks).toMatchObject({ tp: 1, psr: 1, pp: 1 });
    expect(seats[1].tasks).toMatchObject({ tp: 0, psr: 0, pp: 0 });
    expect(seats[0].detection).toMatchObject({ nonSkipVotes: 2, correct: 2, accuracy: 1 });
    expect(seats[1].detection).toMatchObject({ nonSkipVotes: 2, correct: 1, accuracy: 0.5 });
    expect(seats[2].failures.steps).toBe(8);
    expect(seats[1].failures.flaggedSteps.noopStall).toBe(8);
    expect(seats[3].tasks).toBeNull();
    expect(seats[3].detection).toBeNull();
    // Seat 1 trusted the impostor 0.8 (Brier (0.2 − 1)² = 0.64) and seat 0 0.3 (0.7² = 0.49) in round 1,
    // then 0.5 for both (builder default) in round 2.
    expect(seats[1].trust.brier).toBeCloseTo(((0.64 + 0.25) / 2 + (0.49 + 0.25) / 2) / 2, 12);
  });

  it("throws on a log without game_start", () => {
    expect(() => episodeMetrics([])).toThrow(/game_start/);
  });

  it("handles an unfinished log", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.repeat(4, {});
    const m = episodeMetrics(b.events);
    expect(m.episode).toMatchObject({ winner: null, reason: null, length: 4 });
    expect(m.winLean.winner).toBeNull();
  });
});

describe("aggregateByAgent", () => {
  it("groups seats per agent and role, pooling votes and steps and averaging seat ratios", () => {
    const metrics = episodeMetrics(episode());
    const rows = aggregateByAgent([
      { metrics, seatAgents: { 0: "alpha", 1: "alpha", 2: "alpha", 3: "beta" } },
      { metrics, seatAgents: { 0: "beta", 1: "gamma", 2: "gamma", 3: "alpha" } },
    ]);
    expect(rows.map((r) => [r.agent, r.role, r.episodes, r.seats, r.wins])).toEqual([
      ["alpha", "crewmate", 1, 3, 1],
      ["alpha", "impostor", 1, 1, 0],
      ["beta", "crewmate", 1, 1, 1],
      ["beta", "impostor", 1, 1, 0],
      ["gamma", "crewmate", 1, 2, 1],
    ]);
    const alphaCrew = rows[0];
    // TP per seat: 1 and 0; seat 2 has no task and does not count.
    expect(alphaCrew.tp).toEqual({ mean: 0.5, n: 2 });
    // Votes pooled: seat 0 2/2, seat 1 1/2 → 3/4.
    expect(alphaCrew.detection).toMatchObject({ votes: 4, correct: 3, accuracy: 0.75 });
    // Steps pooled: 8 per seat. NOOP stall flags 5 of seat 0 (after its 3 DO_TASKs) and all 8 of seats 1 and 2.
    expect(alphaCrew.failures.steps).toBe(24);
    expect(alphaCrew.failures.fractions.noopStall).toBeCloseTo(21 / 24, 12);
    expect(alphaCrew.reasoning.strongEvidence).toEqual({ votes: 1, correct: 1, accuracy: 1 });
    expect(rows[1].impostorVotes).toEqual({ votes: 2, misdirection: 0, framed: 2, votedTeammate: 0 });
  });
});
