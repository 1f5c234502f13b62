import type { Facing, TaskKind } from "../events";
import type { EpisodeIndex } from "./episodeIndex";
import { frontTile, pointKey } from "./geometry";

/** w_k of Eq. 1 per task kind (paper: optional weights; project default 1 for every kind). */
export type TaskWeights = Record<TaskKind, number>;

export const DEFAULT_TASK_WEIGHTS: TaskWeights = { common: 1, short: 1, long: 1 };

export interface TaskOutcome {
  id: string;
  kind: TaskKind;
  weight: number;
  /** Faced the station at least once (r_k of Eq. 2). */
  reached: boolean;
  completed: boolean;
  /** Env step of completion = actual steps L^act (App. C.1). */
  completedAt: number | null;
  optimalSteps: number;
  /** L^opt / L^act capped to [0, 1]; 0 when not completed (App. C.1). */
  pe: number;
}

export interface TaskMetrics {
  tp: number;
  psr: number;
  /** Mean PE over completed tasks, 0 when none was completed (Eq. 3). */
  pp: number;
  tasks: TaskOutcome[];
}

/**
 * TP, PSR, PE and PP of one seat over its real (non-fake) tasks; null when the seat has none
 * (impostors: their fake tasks never progress, so the metrics would be meaningless zeros).
 */
export function taskMetrics(
  index: EpisodeIndex,
  seat: number,
  weights: TaskWeights = DEFAULT_TASK_WEIGHTS,
): TaskMetrics | null {
  const player = index.start.players.find((p) => p.seat === seat);
  const assigned = player ? player.tasks.filter((task) => !task.fake) : [];
  if (assigned.length === 0) return null;

  const track = index.tracks[seat];
  const faced = new Set<number>();
  const face = (x: number, y: number, facing: Facing) => {
    const f = frontTile(x, y, facing);
    faced.add(pointKey(f.x, f.y));
  };
  face(track.start.x, track.start.y, track.start.facing);
  for (const s of track.steps) face(s.x, s.y, s.facing);

  const toggled = new Set(index.toggles.filter((e) => e.seat === seat).map((e) => e.task));
  const completedAt = new Map<string, number>();
  for (const e of index.completions) if (e.seat === seat && !completedAt.has(e.task)) completedAt.set(e.task, e.t);

  const tasks: TaskOutcome[] = assigned.map((task) => {
    const doneAt = completedAt.get(task.id) ?? null;
    return {
      id: task.id,
      kind: task.kind,
      weight: weights[task.kind],
      reached: faced.has(pointKey(task.station.x, task.station.y)) || toggled.has(task.id) || doneAt !== null,
      completed: doneAt !== null,
      completedAt: doneAt,
      optimalSteps: task.optimalSteps,
      pe: doneAt === null ? 0 : Math.min(1, task.optimalSteps / Math.max(1, doneAt)),
    };
  });

  const totalWeight = tasks.reduce((sum, k) => sum + k.weight, 0);
  const doneWeight = tasks.reduce((sum, k) => sum + (k.completed ? k.weight : 0), 0);
  const completed = tasks.filter((k) => k.completed);
  return {
    tp: totalWeight > 0 ? doneWeight / totalWeight : 0,
    psr: tasks.filter((k) => k.reached).length / tasks.length,
    pp: completed.length === 0 ? 0 : completed.reduce((sum, k) => sum + k.pe, 0) / completed.length,
    tasks,
  };
}
