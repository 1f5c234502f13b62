import { ACTIONS } from "../events";
import { poseBefore, type SeatTrack } from "./episodeIndex";
import { frontTile, pointKey } from "./geometry";

export const FAILURE_MODES = [
  "doorToggle",
  "doorSpam",
  "positionPingPong",
  "moveBacktrackLoop",
  "strafeBacktrackLoop",
  "moveOscillation",
  "strafeOscillation",
  "turnToggle",
  "noopStall",
  "taskFixation",
] as const;

export type FailureMode = (typeof FAILURE_MODES)[number];

/** `count` pattern occurrences fitting in `window` consecutive steps of the agent. */
export interface WindowThreshold {
  count: number;
  window: number;
}

/** App. J.3 thresholds; docs/METRICS.md states how each one is read. */
export interface FailureThresholds {
  doorToggle: WindowThreshold;
  doorSpam: WindowThreshold;
  positionPingPong: WindowThreshold & { maxPositions: number };
  moveBacktrackLoop: WindowThreshold;
  strafeBacktrackLoop: WindowThreshold;
  moveOscillation: WindowThreshold;
  strafeOscillation: WindowThreshold;
  turnToggle: WindowThreshold;
  /** Consecutive NOOPs. */
  noopStall: { count: number };
  /** Consecutive DO_TASKs without a completion. */
  taskFixation: { count: number };
}

export const DEFAULT_FAILURE_THRESHOLDS: FailureThresholds = {
  doorToggle: { count: 3, window: 10 },
  doorSpam: { count: 5, window: 15 },
  positionPingPong: { count: 4, window: 20, maxPositions: 3 },
  moveBacktrackLoop: { count: 3, window: 15 },
  strafeBacktrackLoop: { count: 3, window: 15 },
  moveOscillation: { count: 4, window: 10 },
  strafeOscillation: { count: 4, window: 10 },
  turnToggle: { count: 4, window: 8 },
  noopStall: { count: 5 },
  taskFixation: { count: 10 },
};

export interface FailureContext {
  /** Door id per tile (`pointKey`). */
  doorAt: ReadonlyMap<number, number>;
  /** Env steps at which this seat completed a task. */
  completionSteps: ReadonlySet<number>;
}

/** One occurrence of a pattern, as the inclusive range of track step indices it covers. */
interface Occurrence {
  start: number;
  end: number;
}

/** Per failure mode, one flag per track step (1 = flagged). */
export type FailureFlags = Record<FailureMode, Uint8Array>;

const TURNS = new Set<number>([ACTIONS.TURN_LEFT, ACTIONS.TURN_RIGHT, ACTIONS.TURN_BACK]);
const DOOR_ACTIONS = new Set<number>([ACTIONS.OPEN_DOOR, ACTIONS.CLOSE_DOOR]);

/**
 * Flags, for each group of occurrences (kept in step order), every run of `count` consecutive
 * occurrences whose span — first occurrence's start to last occurrence's end — fits in `window`
 * steps and satisfies `accept(group, first, last)`; the whole span is flagged.
 */
function flagSpans(
  groups: Iterable<Occurrence[]>,
  { count, window }: WindowThreshold,
  flags: Uint8Array,
  accept: (group: Occurrence[], first: number, last: number) => boolean = () => true,
): void {
  for (const group of groups) {
    // Spans of one group only move forward: fill just the part not flagged yet.
    let flaggedTo = -1;
    for (let last = count - 1; last < group.length; last++) {
      const first = last - count + 1;
      const from = group[first].start;
      const to = group[last].end;
      if (to - from + 1 > window || !accept(group, first, last)) continue;
      if (to > flaggedTo) flags.fill(1, Math.max(from, flaggedTo + 1), to + 1);
      flaggedTo = Math.max(flaggedTo, to);
    }
  }
}

function groupBy(entries: Array<[number, Occurrence]>): Occurrence[][] {
  const groups = new Map<number, Occurrence[]>();
  for (const [key, occurrence] of entries) {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(occurrence);
  }
  return [...groups.values()];
}

/** Flags runs of at least `count` consecutive steps that satisfy `member`, except runs `exempt` says to keep. */
function flagRuns(
  n: number,
  count: number,
  flags: Uint8Array,
  member: (i: number) => boolean,
  endsRun: (i: number) => boolean = () => false,
  exempt: (from: number, to: number) => boolean = () => false,
): void {
  let from = 0;
  for (let i = 0; i <= n; i++) {
    const inRun = i < n && member(i);
    if (inRun && !endsRun(i)) continue;
    const to = inRun ? i : i - 1;
    if (to - from + 1 >= count && !exempt(from, to)) flags.fill(1, from, to + 1);
    from = i + 1;
  }
}

export function failureFlags(
  track: SeatTrack,
  context: FailureContext,
  thresholds: FailureThresholds = DEFAULT_FAILURE_THRESHOLDS,
): FailureFlags {
  const steps = track.steps;
  const n = steps.length;
  const flags = Object.fromEntries(FAILURE_MODES.map((mode) => [mode, new Uint8Array(n)])) as FailureFlags;

  // Per step: did the position / the pose change, and which constant-position segment is it in.
  const moved = new Uint8Array(n);
  const poseChanged = new Uint8Array(n);
  const segment = new Uint32Array(n);
  for (let i = 0, seg = 0; i < n; i++) {
    const before = poseBefore(track, i);
    const s = steps[i];
    moved[i] = before.x !== s.x || before.y !== s.y ? 1 : 0;
    poseChanged[i] = moved[i] || before.facing !== s.facing ? 1 : 0;
    if (moved[i]) seg++;
    segment[i] = seg;
  }
  const movedBy = (i: number, action: number) => moved[i] === 1 && steps[i].action === action;

  // Door toggle: OPEN/CLOSE actions facing the same door (any outcome).
  const doorActions: Array<[number, Occurrence]> = [];
  const segmentDoorActions: Array<[number, Occurrence]> = [];
  // Turn toggle: turns while the position stays the same.
  const segmentTurns: Array<[number, Occurrence]> = [];
  // Position ping-pong: successful position changes.
  const moves: Occurrence[] = [];
  for (let i = 0; i < n; i++) {
    const s = steps[i];
    if (DOOR_ACTIONS.has(s.action)) {
      segmentDoorActions.push([segment[i], { start: i, end: i }]);
      const front = frontTile(s.x, s.y, s.facing);
      const door = context.doorAt.get(pointKey(front.x, front.y));
      if (door !== undefined) doorActions.push([door, { start: i, end: i }]);
    }
    if (TURNS.has(s.action)) segmentTurns.push([segment[i], { start: i, end: i }]);
    if (moved[i]) moves.push({ start: i, end: i });
  }
  flagSpans(groupBy(doorActions), thresholds.doorToggle, flags.doorToggle);
  flagSpans(groupBy(segmentDoorActions), thresholds.doorSpam, flags.doorSpam);
  flagSpans(groupBy(segmentTurns), thresholds.turnToggle, flags.turnToggle);

  const { maxPositions } = thresholds.positionPingPong;
  const seen = new Float64Array(thresholds.positionPingPong.count + 1);
  flagSpans([moves], thresholds.positionPingPong, flags.positionPingPong, (group, first, last) => {
    const departure = poseBefore(track, group[first].start);
    seen[0] = pointKey(departure.x, departure.y);
    let distinct = 1;
    for (let k = first; k <= last && distinct <= maxPositions; k++) {
      const arrival = pointKey(steps[group[k].start].x, steps[group[k].start].y);
      let known = false;
      for (let j = 0; j < distinct; j++) known ||= seen[j] === arrival;
      if (!known) seen[distinct++] = arrival;
    }
    return distinct <= maxPositions;
  });

  // Reversals: a move whose previous pose-changing step was the opposite move.
  const reversals = (forward: number, backward: number) => {
    const thenBack: Occurrence[] = [];
    const alternations: Occurrence[] = [];
    let previous = -1;
    for (let i = 0; i < n; i++) {
      if (!poseChanged[i]) continue;
      if (previous >= 0) {
        const fromForward = movedBy(previous, forward);
        const fromBackward = movedBy(previous, backward);
        if (fromForward && movedBy(i, backward)) thenBack.push({ start: previous, end: i });
        if ((fromForward && movedBy(i, backward)) || (fromBackward && movedBy(i, forward))) {
          alternations.push({ start: previous, end: i });
        }
      }
      previous = i;
    }
    return { thenBack, alternations };
  };
  const chained = (group: Occurrence[], first: number, last: number) => {
    for (let k = first + 1; k <= last; k++) if (group[k].start !== group[k - 1].end) return false;
    return true;
  };

  const move = reversals(ACTIONS.MOVE_FORWARD, ACTIONS.MOVE_BACKWARD);
  flagSpans([move.thenBack], thresholds.moveBacktrackLoop, flags.moveBacktrackLoop);
  flagSpans([move.alternations], thresholds.moveOscillation, flags.moveOscillation, chained);
  const strafe = reversals(ACTIONS.STRAFE_LEFT, ACTIONS.STRAFE_RIGHT);
  flagSpans([strafe.thenBack], thresholds.strafeBacktrackLoop, flags.strafeBacktrackLoop);
  flagSpans([strafe.alternations], thresholds.strafeOscillation, flags.strafeOscillation, chained);

  flagRuns(n, thresholds.noopStall.count, flags.noopStall, (i) => steps[i].action === ACTIONS.NOOP);
  const completes = (i: number) => context.completionSteps.has(steps[i].t);
  flagRuns(
    n,
    thresholds.taskFixation.count,
    flags.taskFixation,
    (i) => steps[i].action === ACTIONS.DO_TASK,
    completes,
    (_from, to) => completes(to),
  );
  return flags;
}

export interface FailureReport {
  /** The agent's env steps (steps it acted in while alive). */
  steps: number;
  flaggedSteps: Record<FailureMode, number>;
  /** flaggedSteps / steps (0 without steps). */
  fractions: Record<FailureMode, number>;
  /** Steps flagged by at least one detector. */
  stuckSteps: number;
  /** stuckSteps / steps: the stuckness index. */
  stuckness: number;
}

export function failureReport(flags: FailureFlags, steps: number): FailureReport {
  const union = new Uint8Array(steps);
  const flaggedSteps = {} as Record<FailureMode, number>;
  const fractions = {} as Record<FailureMode, number>;
  for (const mode of FAILURE_MODES) {
    let count = 0;
    const f = flags[mode];
    for (let i = 0; i < steps; i++) {
      if (f[i]) {
        count++;
        union[i] = 1;
      }
    }
    flaggedSteps[mode] = count;
    fractions[mode] = steps > 0 ? count / steps : 0;
  }
  const stuckSteps = union.reduce((a, b) => a + b, 0);
  return { steps, flaggedSteps, fractions, stuckSteps, stuckness: steps > 0 ? stuckSteps / steps : 0 };
}
