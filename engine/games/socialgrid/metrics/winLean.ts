import type { EpisodeIndex } from "./episodeIndex";

/** App. J.4 defaults: w_task 1.0, w_alive 0.5, w_detect 0.3, α 2.0. */
export interface WinLeanConfig {
  wTask: number;
  wAlive: number;
  wDetect: number;
  alpha: number;
}

export const DEFAULT_WIN_LEAN: WinLeanConfig = { wTask: 1, wAlive: 0.5, wDetect: 0.3, alpha: 2 };

export interface WinLeanState {
  /** TC(t) in [0, 1]. */
  taskCompletion: number;
  crewAlive: number;
  impostorsAlive: number;
  /** C(0). */
  crewAtStart: number;
  /** Mean trust of alive crewmates in alive impostors; null when nobody gave such a score (DET is then neutral, 0.5). */
  meanCrewTrustInImpostors: number | null;
}

export interface WinLeanPoint {
  t: number;
  /** Voting round of the trust snapshot; 0 for the initial state. */
  round: number;
  taskCompletion: number;
  crewAlive: number;
  impostorsAlive: number;
  det: number;
  s: number;
  p: number;
}

export interface WinLeanSeries {
  points: WinLeanPoint[];
  /** τ: the env step the episode ended at (or the last step seen). */
  end: number;
  winner: "crew" | "impostors" | null;
}

/** Eqs. 9–12 for one game state. */
export function winLeanScore(
  state: WinLeanState,
  config: WinLeanConfig = DEFAULT_WIN_LEAN,
): { det: number; s: number; p: number } {
  const det = state.meanCrewTrustInImpostors === null ? 0.5 : 1 - state.meanCrewTrustInImpostors;
  const aliveAdvantage = state.crewAtStart > 0 ? (state.crewAlive - state.impostorsAlive) / state.crewAtStart : 0;
  const s = config.wTask * (state.taskCompletion - 0.5) + config.wAlive * aliveAdvantage + config.wDetect * (det - 0.5);
  return { det, s, p: 0.5 * (1 + Math.tanh(config.alpha * s)) };
}

/**
 * p_crew at t = 0 (no tasks done, everybody alive, no trust yet: DET = 0.5) and at every voting
 * phase, from that phase's trust snapshot and its vote_start (alive set, TC).
 */
export function winLeanSeries(index: EpisodeIndex, config: WinLeanConfig = DEFAULT_WIN_LEAN): WinLeanSeries {
  const isImpostor = (seat: number) => index.roles[seat] === "impostor";
  const crewAtStart = index.start.players.filter((p) => p.role === "crewmate").length;
  const impostorsAtStart = index.start.players.length - crewAtStart;

  const point = (t: number, round: number, state: WinLeanState): WinLeanPoint => ({
    t,
    round,
    taskCompletion: state.taskCompletion,
    crewAlive: state.crewAlive,
    impostorsAlive: state.impostorsAlive,
    ...winLeanScore(state, config),
  });

  const points = [
    point(0, 0, {
      taskCompletion: 0,
      crewAlive: crewAtStart,
      impostorsAlive: impostorsAtStart,
      crewAtStart,
      meanCrewTrustInImpostors: null,
    }),
  ];
  for (const round of index.rounds) {
    const alive = new Set(round.alive);
    let trustSum = 0;
    let trustCount = 0;
    for (const vote of round.votes) {
      if (isImpostor(vote.seat) || !alive.has(vote.seat)) continue;
      for (const [key, value] of Object.entries(vote.trust)) {
        const target = Number(key);
        if (isImpostor(target) && alive.has(target)) {
          trustSum += value;
          trustCount++;
        }
      }
    }
    const impostorsAlive = round.alive.filter(isImpostor).length;
    points.push(
      point(round.t, round.round, {
        taskCompletion: round.taskCompletion,
        crewAlive: round.alive.length - impostorsAlive,
        impostorsAlive,
        crewAtStart,
        meanCrewTrustInImpostors: trustCount > 0 ? trustSum / trustCount : null,
      }),
    );
  }
  return { points, end: index.length, winner: index.end?.winner ?? null };
}

/** 0, every, 2·every, … up to and including `end`. */
export function timeGrid(end: number, every: number): number[] {
  if (!(every > 0)) throw new Error("timeGrid: `every` must be positive");
  const grid: number[] = [];
  for (let t = 0; t <= end; t += every) grid.push(t);
  return grid;
}

/**
 * p_crew sampled on a time grid: at t ≤ τ the latest snapshot at or before t; after τ the
 * terminal outcome (Eq. 13) when `terminalFilled` and the winner is known, otherwise null.
 */
export function winLeanOnGrid(
  series: WinLeanSeries,
  grid: readonly number[],
  terminalFilled: boolean,
): Array<number | null> {
  const { points, end, winner } = series;
  let next = 0;
  return grid.map((t) => {
    if (t > end) return terminalFilled && winner !== null ? (winner === "crew" ? 1 : 0) : null;
    while (next < points.length && points[next].t <= t) next++;
    return next === 0 ? null : points[next - 1].p;
  });
}

export interface WinLeanCurvePoint {
  t: number;
  /** null when no episode contributes at t. */
  mean: number | null;
  episodes: number;
}

/** The plotted curve: mean of p_crew (or its terminal-filled variant) across episodes at each grid time. */
export function meanWinLeanCurve(
  series: readonly WinLeanSeries[],
  grid: readonly number[],
  terminalFilled: boolean,
): WinLeanCurvePoint[] {
  const sums = new Float64Array(grid.length);
  const counts = new Uint32Array(grid.length);
  for (const s of series) {
    winLeanOnGrid(s, grid, terminalFilled).forEach((p, i) => {
      if (p === null) return;
      sums[i] += p;
      counts[i]++;
    });
  }
  return grid.map((t, i) => ({ t, mean: counts[i] > 0 ? sums[i] / counts[i] : null, episodes: counts[i] }));
}
