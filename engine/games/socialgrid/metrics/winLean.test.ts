import { describe, expect, it } from "vitest";
import { ACTIONS } from "../events";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";
import { meanWinLeanCurve, timeGrid, winLeanOnGrid, winLeanScore, type WinLeanSeries } from "./winLean";

const ROLES = ["crewmate", "crewmate", "crewmate", "crewmate", "crewmate", "impostor", "impostor"] as const;

describe("win-lean score (Eqs. 9–12)", () => {
  it("5v2 at t = 0, no tasks, all trust 0.5 → s = −0.2, p ≈ 0.310", () => {
    // s = 1.0·(0 − 0.5) + 0.5·(5 − 2)/5 + 0.3·((1 − 0.5) − 0.5) = −0.5 + 0.3 + 0 = −0.2
    // p = ½(1 + tanh(2 · −0.2)) = ½(1 − 0.379949) = 0.310026
    const { s, p, det } = winLeanScore({
      taskCompletion: 0,
      crewAlive: 5,
      impostorsAlive: 2,
      crewAtStart: 5,
      meanCrewTrustInImpostors: 0.5,
    });
    expect(s).toBeCloseTo(-0.2, 12);
    expect(det).toBe(0.5);
    expect(p).toBeCloseTo(0.310026, 6);
  });

  it("uses the configured weights and steepness", () => {
    const state = {
      taskCompletion: 0.5,
      crewAlive: 4,
      impostorsAlive: 2,
      crewAtStart: 5,
      meanCrewTrustInImpostors: 0.2,
    };
    // s = 0 + 0.5·0.4 + 0.3·(0.8 − 0.5) = 0.29
    expect(winLeanScore(state).s).toBeCloseTo(0.29, 12);
    const custom = winLeanScore(state, { wTask: 1, wAlive: 1, wDetect: 1, alpha: 1 });
    // s = 0 + 0.4 + 0.3 = 0.7
    expect(custom.s).toBeCloseTo(0.7, 12);
    expect(custom.p).toBeCloseTo(0.5 * (1 + Math.tanh(0.7)), 12);
  });
});

describe("win-lean series of an episode", () => {
  it("starts with the t = 0 state and adds one point per trust snapshot", () => {
    const b = new EpisodeLogBuilder({
      roles: [...ROLES],
      starts: [{ x: 0, y: 0 }],
      tasks: [[{ id: "c", station: { x: 1, y: 0 } }], [{ id: "d", station: { x: 101, y: 100 } }]],
    });
    b.actions(0, [ACTIONS.DO_TASK, ACTIONS.DO_TASK, ACTIONS.DO_TASK]); // 1 of 2 crew tasks done at t = 3
    b.kill(5, 4);
    // Crewmates trust impostors 0.2 and 0.4 (mean 0.3); the impostor's own scores are ignored.
    b.voteRound([
      { seat: 0, vote: "skip", trust: { 5: 0.2, 6: 0.4 } },
      { seat: 1, vote: "skip", trust: { 5: 0.4, 6: 0.2 } },
      { seat: 5, vote: "skip", trust: { 6: 1 } },
    ]);
    const series = episodeMetrics(b.end("impostors")).winLean;
    expect(series.points).toHaveLength(2);
    expect(series.points[0].p).toBeCloseTo(0.310026, 6);
    const point = series.points[1];
    // TC 0.5, C = 4, I = 2, C(0) = 5, DET = 0.7 → s = 0 + 0.5·0.4 + 0.3·0.2 = 0.26
    expect(point).toMatchObject({ t: 3, round: 1, taskCompletion: 0.5, crewAlive: 4, impostorsAlive: 2 });
    expect(point.det).toBeCloseTo(0.7, 12);
    expect(point.s).toBeCloseTo(0.26, 12);
    expect(point.p).toBeCloseTo(0.5 * (1 + Math.tanh(0.52)), 12);
    expect(series).toMatchObject({ end: 3, winner: "impostors" });
  });

  it("ignores trust in impostors who are no longer alive", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([
      { seat: 0, vote: 6 },
      { seat: 1, vote: 6 },
    ]); // impostor 6 ejected
    b.voteRound([{ seat: 0, vote: "skip", trust: { 5: 0, 6: 1 } }]);
    expect(episodeMetrics(b.end("impostors")).winLean.points[2].det).toBe(1);
  });
});

describe("win-lean on a time grid", () => {
  const series: WinLeanSeries = {
    points: [
      { t: 0, round: 0, p: 0.3, s: 0, det: 0.5, taskCompletion: 0, crewAlive: 5, impostorsAlive: 2 },
      { t: 200, round: 1, p: 0.6, s: 0, det: 0.5, taskCompletion: 0, crewAlive: 5, impostorsAlive: 2 },
    ],
    end: 300,
    winner: "crew",
  };

  it("holds the latest snapshot and fills after the end only in the terminal-filled variant", () => {
    const grid = timeGrid(400, 100);
    expect(grid).toEqual([0, 100, 200, 300, 400]);
    expect(winLeanOnGrid(series, grid, false)).toEqual([0.3, 0.3, 0.6, 0.6, null]);
    expect(winLeanOnGrid(series, grid, true)).toEqual([0.3, 0.3, 0.6, 0.6, 1]);
    expect(winLeanOnGrid({ ...series, winner: "impostors" }, grid, true)[4]).toBe(0);
    expect(winLeanOnGrid({ ...series, winner: null }, grid, true)[4]).toBeNull();
  });

  it("averages across episodes", () => {
    const short: WinLeanSeries = { points: [{ ...series.points[0], p: 0.1 }], end: 100, winner: "impostors" };
    const grid = [0, 200];
    expect(meanWinLeanCurve([series, short], grid, false)).toEqual([
      { t: 0, mean: 0.2, episodes: 2 },
      { t: 200, mean: 0.6, episodes: 1 },
    ]);
    const filled = meanWinLeanCurve([series, short], grid, true);
    expect(filled[1]).toEqual({ t: 200, mean: 0.3, episodes: 2 });
  });
});
