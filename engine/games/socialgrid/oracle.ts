import { ACTIONS, ACTION_NAMES, type Facing, type Point } from "./events";
import { seatName } from "./names";
import { DX, DY, facingCode, moveDirection, turnResult } from "./geometry";
import { mapIndex, TILE, type MapIndex } from "./map";
import type { Corpse, SocialGridState } from "./state";
import { toggleableTaskAt, worldOf, type Occupancy } from "./world";

/**
 * The planning oracle: exact shortest action counts over poses (x, y, facing) under the real action
 * semantics — the four moves shift the player without turning, a turn changes facing in one action, and a
 * closed door is crossed by facing it, OPEN_DOOR, then MOVE_FORWARD. Targets are tiles to be *faced*
 * (task stations, the button, corpses, players). Other live players are not obstacles for the plan (they
 * move); the suggested next action avoids the tiles they occupy now.
 *
 * Distance fields are computed backwards from each target and cached per map, per door/corpse
 * configuration and per target tile.
 */
export interface Pose {
  x: number;
  y: number;
  facing: Facing;
}

export const UNREACHABLE = 0xffff;

const PASS_BLOCKED = 0;
const PASS_OPEN = 1;
const PASS_CLOSED_DOOR = 2;
const MAX_GRIDS_PER_MAP = 64;

/** Tie-break order among equally short first actions (the scripted bots' planner breaks ties the same way). */
export const ACTION_PREFERENCE = [
  ACTIONS.MOVE_FORWARD,
  ACTIONS.OPEN_DOOR,
  ACTIONS.STRAFE_RIGHT,
  ACTIONS.STRAFE_LEFT,
  ACTIONS.MOVE_BACKWARD,
  ACTIONS.TURN_RIGHT,
  ACTIONS.TURN_LEFT,
  ACTIONS.TURN_BACK,
] as const;

/** Distances to face one target from every pose, and the memoised first optimal action per pose. */
interface Field {
  target: number;
  dist: Uint16Array;
  /** First action of an optimal plan per pose, ignoring players; -1 = not computed yet (allocated on use). */
  firstAction: Int8Array | null;
}

/** Planning grid of one door/corpse configuration, with its cached distance fields. */
class NavGrid {
  private readonly fields = new Map<number, Field>();

  constructor(
    readonly index: MapIndex,
    /** Per cell: 0 blocked, 1 passable, 2 closed door. */
    readonly pass: Uint8Array,
  ) {}

  field(target: number): Field {
    let field = this.fields.get(target);
    if (!field) {
      const dist = computeField(this.index, this.pass, target);
      field = { target, dist, firstAction: null };
      this.fields.set(target, field);
    }
    return field;
  }
}

const gridsByMap = new WeakMap<MapIndex, Map<string, NavGrid>>();

function navGrid(index: MapIndex, doorsOpen: readonly boolean[], corpseCells: readonly number[]): NavGrid {
  let grids = gridsByMap.get(index);
  if (!grids) {
    grids = new Map();
    gridsByMap.set(index, grids);
  }
  const key = `${doorsOpen.map((o) => (o ? "1" : "0")).join("")}|${[...corpseCells].sort((a, b) => a - b).join(",")}`;
  let grid = grids.get(key);
  if (!grid) {
    const pass = new Uint8Array(index.size);
    for (let c = 0; c < index.size; c++) {
      const k = index.kind[c];
      if (k === TILE.FLOOR) pass[c] = PASS_OPEN;
      else if (k === TILE.DOOR) pass[c] = doorsOpen[index.doorAt[c]] ? PASS_OPEN : PASS_CLOSED_DOOR;
    }
    for (const c of corpseCells) pass[c] = PASS_BLOCKED;
    grid = new NavGrid(index, pass);
    if (grids.size >= MAX_GRIDS_PER_MAP) grids.delete(grids.keys().next().value!);
    grids.set(key, grid);
  }
  return grid;
}

const LEVELS = 4;

/** Reusable buffers: per level, the facings reached per cell and the list of cells; settled flags. */
let scratch: { facings: Uint8Array[]; cells: Int32Array[]; settled: Uint8Array } | null = null;

/**
 * Reverse breadth-first search from the poses that face `target`. Since any facing is one turn away, a cell
 * first reached at distance d with facings B has all its other facings at d + 1: each cell is settled in a
 * single visit. Its predecessors then get B at d + 1 and the other facings at d + 2 (moves keep the facing);
 * through a closed door only the facing looking into it counts, at +2 (OPEN_DOOR, MOVE_FORWARD). Levels
 * rotate over four buckets (no edge exceeds +3); the hot loop keeps everything in locals.
 */
function computeField(index: MapIndex, pass: Uint8Array, target: number): Uint16Array {
  const size = index.size;
  if (!scratch || scratch.settled.length < size) {
    scratch = {
      facings: Array.from({ length: LEVELS }, () => new Uint8Array(size)),
      cells: Array.from({ length: LEVELS }, () => new Int32Array(size)),
      settled: new Uint8Array(size),
    };
  }
  const { facings: levelFacings, cells: levelCells, settled } = scratch;
  settled.fill(0, 0, size);
  const lengths = [0, 0, 0, 0];
  const dist = new Uint16Array(size * 4).fill(UNREACHABLE);
  const steps = index.step;
  for (let f = 0; f < 4; f++) {
    const from = target - steps[f];
    if (from >= 0 && from < size && pass[from] !== PASS_BLOCKED) {
      if (levelFacings[0][from] === 0) levelCells[0][lengths[0]++] = from;
      levelFacings[0][from] |= 1 << f;
    }
  }
  for (let d = 0; lengths[0] + lengths[1] + lengths[2] + lengths[3] > 0; d++) {
    const b = d & 3;
    const facings = levelFacings[b],
      cells = levelCells[b];
    const b1 = (d + 1) & 3,
      b2 = (d + 2) & 3;
    const f1 = levelFacings[b1],
      c1 = levelCells[b1],
      f2 = levelFacings[b2],
      c2 = levelCells[b2];
    let n1 = lengths[b1],
      n2 = lengths[b2];
    const len = lengths[b];
    for (let i = 0; i < len; i++) {
      const c = cells[i];
      const bits = facings[c];
      facings[c] = 0;
      if (settled[c] !== 0) continue;
      settled[c] = 1;
      const rest = 15 & ~bits;
      const base = c << 2;
      dist[base] = bits & 1 ? d : d + 1;
      dist[base + 1] = bits & 2 ? d : d + 1;
      dist[base + 2] = bits & 4 ? d : d + 1;
      dist[base + 3] = bits & 8 ? d : d + 1;
      const kind = pass[c];
      if (kind === PASS_OPEN) {
        for (let k = 0; k < 4; k++) {
          const p = c - steps[k];
          if (p === target || pass[p] === PASS_BLOCKED || settled[p] !== 0) continue;
          if (f1[p] === 0) c1[n1++] = p;
          f1[p] |= bits;
          if (rest !== 0) {
            if (f2[p] === 0) c2[n2++] = p;
            f2[p] |= rest;
          }
        }
      } else if (kind === PASS_CLOSED_DOOR) {
        for (let k = 0; k < 4; k++) {
          const p = c - steps[k];
          if (p === target || pass[p] === PASS_BLOCKED || settled[p] !== 0) continue;
          if (bits & (1 << k)) {
            if (f2[p] === 0) c2[n2++] = p;
            f2[p] |= 1 << k;
          } else {
            const b3 = (d + 3) & 3;
            if (levelFacings[b3][p] === 0) levelCells[b3][lengths[b3]++] = p;
            levelFacings[b3][p] |= 1 << k;
          }
        }
      }
    }
    lengths[b1] = n1;
    lengths[b2] = n2;
    lengths[b] = 0;
  }
  return dist;
}

/** Exact navigation queries for one state (doors and corpses as they are now). */
export class Navigator {
  constructor(
    private readonly grid: NavGrid,
    /** Live players to avoid on the first step, if given. */
    private readonly occ?: Occupancy,
  ) {}

  /** Actions needed until `pose` faces `target`; null if unreachable. */
  distance(pose: Pose, target: Point): number | null {
    const field = this.fieldTo(target);
    const d = field.dist[this.node(pose)];
    return d === UNREACHABLE ? null : d;
  }

  /** Distance and first action towards `target`; once it is faced, `next` is `interaction`. */
  hint(pose: Pose, target: Point, interaction: number | null): NavHint {
    const field = this.fieldTo(target);
    const d = field.dist[this.node(pose)];
    if (d === UNREACHABLE) return { dist: null, next: null };
    return { dist: d, next: d === 0 ? interaction : this.firstStep(field, pose) };
  }

  /**
   * The first action of a shortest way to face `target`, stepping around players standing in the way now;
   * null when already facing it or when it cannot be reached.
   */
  nextAction(pose: Pose, target: Point): number | null {
    return this.firstStep(this.fieldTo(target), pose);
  }

  private fieldTo(target: Point): Field {
    return this.grid.field(this.grid.index.cell(target.x, target.y));
  }

  private node(pose: Pose): number {
    return this.grid.index.cell(pose.x, pose.y) * 4 + (pose.facing - 100);
  }

  private firstStep(field: Field, pose: Pose): number | null {
    const { index } = this.grid;
    const here = index.cell(pose.x, pose.y);
    const f = pose.facing - 100;
    const node = here * 4 + f;
    const d = field.dist[node];
    if (d === 0 || d === UNREACHABLE) return null;
    field.firstAction ??= new Int8Array(field.dist.length).fill(-1);
    if (field.firstAction[node] < 0) field.firstAction[node] = this.bestStep(field, here, f, false)!.action;
    const optimal = field.firstAction[node];
    const dir = moveDirection(optimal, f);
    if (dir < 0 || !this.occ || this.occ[here + index.step[dir]] <= 0) return optimal;
    return this.bestStep(field, here, f, true)?.action ?? null;
  }

  /**
   * Up to `maxLength` actions of a shortest way to face `target` (players ignored), ending with
   * `finalAction` (e.g. DO_TASK) if it still fits once the target is faced.
   */
  plan(pose: Pose, target: Point, maxLength: number, finalAction?: number): number[] {
    const index = this.grid.index;
    const field = this.fieldTo(target);
    let here = index.cell(pose.x, pose.y);
    let f = pose.facing - 100;
    const out: number[] = [];
    while (out.length < maxLength) {
      const d = field.dist[here * 4 + f];
      if (d === UNREACHABLE) break;
      if (d === 0) {
        if (finalAction !== undefined) out.push(finalAction);
        break;
      }
      const best = this.bestStep(field, here, f, false);
      if (!best) break;
      out.push(best.action);
      if (best.action === ACTIONS.OPEN_DOOR) {
        if (out.length < maxLength) out.push(ACTIONS.MOVE_FORWARD);
      }
      here = best.cell;
      f = best.facing;
    }
    return out;
  }

  /** The first action minimising cost + remaining distance (ties broken by ACTION_PREFERENCE). */
  private bestStep(field: Field, here: number, f: number, avoidPlayers: boolean) {
    const { dist, target } = field;
    const { pass, index } = this.grid;
    let best: { action: number; cell: number; facing: number } | null = null;
    let bestCost = Infinity;
    for (const action of ACTION_PREFERENCE) {
      let cell = here;
      let facing = f;
      let cost = 1;
      const dir = moveDirection(action, f);
      if (dir >= 0) {
        cell = here + index.step[dir];
        if (pass[cell] !== PASS_OPEN || cell === target) continue;
        if (avoidPlayers && this.occ && this.occ[cell] > 0) continue;
      } else if (action === ACTIONS.OPEN_DOOR) {
        cell = here + index.step[f];
        if (pass[cell] !== PASS_CLOSED_DOOR) continue;
        cost = 2;
      } else {
        facing = turnResult(action, f);
      }
      const rest = dist[cell * 4 + facing];
      if (rest === UNREACHABLE) continue;
      if (cost + rest < bestCost) {
        bestCost = cost + rest;
        best = { action, cell, facing };
      }
    }
    return best;
  }
}

/** The oracle's navigator for a state: its doors and corpses, stepping around the live players. */
export function navigatorFor(state: SocialGridState): Navigator {
  return worldOf(state).memo("navigator", (world) => {
    const corpses = state.corpses.map((c) => world.index.cell(c.x, c.y));
    return new Navigator(navGrid(world.index, state.doorsOpen, corpses), world.occ);
  });
}

/** A navigator over the static map with doors as given and no corpses (e.g. the start of a game). */
export function staticNavigator(state: Pick<SocialGridState, "map" | "doorsOpen">): Navigator {
  return new Navigator(navGrid(mapIndex(state.map), state.doorsOpen, []));
}

/** Distance and first action towards one target; `next` is the interaction itself once the target is faced. */
export interface NavHint {
  dist: number | null;
  next: number | null;
}

export interface PredictedOutcome {
  action: number;
  /** Human-readable effect, e.g. `MOVE_FORWARD: R01(12,8)->R01(12,7), facing 103; short_task_1 dist 5->4`. */
  outcome: string;
  position: string;
  facing: Facing;
  distAfter: number | null;
}

/** What the oracle adds to a player's view (levels high and mid). */
export interface OracleReport {
  level: "high" | "mid";
  /** BEST_ACTION_SUGGESTION (null when there is nothing to go for). */
  bestAction: number | null;
  /** What the suggestion leads to: a task name, a player name, "button" or "body:Player_k". */
  bestTarget: string | null;
  /** The suggestion; in macro mode followed by the next actions of the optimal plan (up to maxMacroActions). */
  plan: number[];
  /** TASK_NAV_ASTAR_DIST: actions until facing each unfinished task's station. */
  taskDist: Record<string, number | null>;
  /** Paths to visible players, by name. */
  players: Record<string, NavHint>;
  button: NavHint;
  /** Paths to visible corpses, keyed `body:Player_k`. */
  corpses: Record<string, NavHint>;
  /** Mid level only: what the suggested action will do. */
  predicted?: PredictedOutcome;
}

interface Goal {
  name: string;
  target: Point;
  dist: number;
  /** The action that completes the approach (DO_TASK, KILL...), or null. */
  interaction: number | null;
}

/**
 * The oracle report for one live player. Crew are guided to their nearest unfinished task; impostors to the
 * nearest visible crewmate while their kill is ready, else to their nearest fake task (to blend in).
 */
export function oracleReport(
  state: SocialGridState,
  seat: number,
  visibleSeats: readonly number[],
  visibleCorpses: readonly Corpse[],
): OracleReport | undefined {
  const level = state.config.oracle;
  const p = state.players[seat];
  if (level === "low" || !p.alive || state.phase.kind !== "task") return undefined;
  const nav = navigatorFor(state);

  const taskDist: Record<string, number | null> = Object.create(null);
  const tasks = state.info[seat].tasks;
  let nearestTask = -1;
  let nearestTaskDist = Infinity;
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i];
    if (!task.fake && p.progress[i] >= task.required) continue;
    const dist = nav.distance(p, task.station);
    taskDist[task.name] = dist;
    if (dist !== null && dist < nearestTaskDist) {
      nearestTask = i;
      nearestTaskDist = dist;
    }
  }

  const canKill = p.role === "impostor" && p.killCooldown === 0;
  // Keys vary from view to view: prototype-less dictionaries avoid a hidden class per key combination.
  const players: Record<string, NavHint> = Object.create(null);
  let prey = -1;
  let preyDist = Infinity;
  for (const other of visibleSeats) {
    const q = state.players[other];
    const killable = canKill && q.role === "crewmate";
    const hint = nav.hint(p, q, killable ? ACTIONS.KILL : null);
    players[seatName(other)] = hint;
    if (killable && hint.dist !== null && hint.dist < preyDist) {
      prey = other;
      preyDist = hint.dist;
    }
  }
  let goal: Goal | null = null;
  if (prey >= 0) {
    goal = { name: seatName(prey), target: state.players[prey], dist: preyDist, interaction: ACTIONS.KILL };
  } else if (nearestTask >= 0) {
    const task = tasks[nearestTask];
    goal = { name: task.name, target: task.station, dist: nearestTaskDist, interaction: ACTIONS.DO_TASK };
  }

  const button = nav.hint(p, state.map.button, state.meetingsLeft > 0 ? ACTIONS.CALL_DISCUSSION : null);
  const corpses: Record<string, NavHint> = Object.create(null);
  for (const c of visibleCorpses) corpses[`body:${seatName(c.seat)}`] = nav.hint(p, c, ACTIONS.REPORT_DEADBODY);

  let bestAction: number | null = null;
  let plan: number[] = [];
  if (goal && goal.dist === 0) bestAction = goal.interaction;
  else if (goal) bestAction = nav.nextAction(p, goal.target);
  if (bestAction !== null) plan = [bestAction];
  if (goal && goal.dist > 0 && bestAction !== null && state.config.macroMode) {
    const optimal = nav.plan(p, goal.target, state.config.maxMacroActions, goal.interaction ?? undefined);
    // When the first step detours around a player, the rest of the optimal plan no longer applies.
    if (optimal[0] === bestAction) plan = optimal;
  }
  const report: OracleReport = {
    level,
    bestAction,
    bestTarget: goal?.name ?? null,
    plan,
    taskDist,
    players,
    button,
    corpses,
  };
  if (level === "mid" && goal && bestAction !== null) report.predicted = predictOutcome(state, seat, bestAction, goal);
  return report;
}

function predictOutcome(state: SocialGridState, seat: number, action: number, target: Goal): PredictedOutcome {
  const p = state.players[seat];
  const index = mapIndex(state.map);
  const nav = navigatorFor(state);
  const from = index.labels[index.cell(p.x, p.y)];
  const f = p.facing - 100;
  let next: Pose = p;
  let effect = "";
  const dir = moveDirection(action, f);
  const turned = turnResult(action, f);
  if (dir >= 0) {
    next = { x: p.x + DX[dir], y: p.y + DY[dir], facing: p.facing };
    effect = `${from}->${index.labels[index.cell(next.x, next.y)]}, facing ${p.facing}`;
  } else if (turned >= 0) {
    next = { ...p, facing: facingCode(turned) };
    effect = `stay at ${from}, facing ${p.facing}->${next.facing}`;
  } else if (action === ACTIONS.OPEN_DOOR) {
    effect = `the door in front opens; then MOVE_FORWARD enters it`;
  } else if (action === ACTIONS.DO_TASK) {
    const i = toggleableTaskAt(index, state.info[seat].tasks, p.progress, index.cell(p.x, p.y) + index.step[f]);
    const task = state.info[seat].tasks[i];
    effect = task.fake
      ? `fake toggle on ${task.name} (no progress)`
      : `${task.name} progress ${p.progress[i]}/${task.required}->${p.progress[i] + 1}/${task.required}`;
  } else if (action === ACTIONS.KILL) {
    effect = `kill ${target.name} in front of you`;
  } else {
    effect = `${ACTION_NAMES[action]} on the tile in front`;
  }
  const navigates = dir >= 0 || turned >= 0 || action === ACTIONS.OPEN_DOOR;
  // OPEN_DOOR saves the opening action: the door then costs only the step into it.
  const distAfter = action === ACTIONS.OPEN_DOOR ? target.dist - 1 : navigates ? nav.distance(next, target.target) : 0;
  const distText = navigates ? `; ${target.name} dist ${target.dist}->${distAfter}` : "";
  return {
    action,
    outcome: `${ACTION_NAMES[action]}: ${effect}${distText}`,
    position: index.labels[index.cell(next.x, next.y)],
    facing: next.facing,
    distAfter,
  };
}
