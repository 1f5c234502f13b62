import { ACTIONS, ACTION_NAMES, type Facing, type Point } from "./events";
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

/** Tie-break order among equally short first actions. */
const PREFERENCE = [
  ACTIONS.MOVE_FORWARD,
  ACTIONS.OPEN_DOOR,
  ACTIONS.STRAFE_RIGHT,
  ACTIONS.STRAFE_LEFT,
  ACTIONS.MOVE_BACKWARD,
  ACTIONS.TURN_RIGHT,
  ACTIONS.TURN_LEFT,
  ACTIONS.TURN_BACK,
] as const;

/** Planning grid of one door/corpse configuration, with its cached distance fields. */
class NavGrid {
  private readonly fields = new Map<number, Uint16Array>();

  constructor(
    readonly index: MapIndex,
    /** Per cell: 0 blocked, 1 passable, 2 closed door. */
    readonly pass: Uint8Array,
  ) {}

  field(target: number): Uint16Array {
    let field = this.fields.get(target);
    if (!field) {
      field = computeField(this.index, this.pass, target);
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
  const key = doorsOpen.map((o) => (o ? "1" : "0")).join("") + "|" + [...corpseCells].sort((a, b) => a - b).join(",");
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

/** One BFS level: the cells reached at that distance and, per cell, the facings (bit f = facing f). */
class Level {
  cells: Int32Array;
  length = 0;
  facings: Uint8Array;

  constructor(size: number) {
    this.cells = new Int32Array(size);
    this.facings = new Uint8Array(size);
  }
}

let levels: Level[] = [];
let settled = new Uint8Array(0);

/** Adds the not yet settled facings `bits` of cell `c` to a level. */
function reach(level: Level, c: number, bits: number): void {
  const fresh = bits & ~settled[c];
  if (fresh === 0) return;
  if (level.facings[c] === 0) level.cells[level.length++] = c;
  level.facings[c] |= fresh;
}

/**
 * Reverse breadth-first search from the poses that face `target`, over cells carrying a 4-bit set of
 * facings, level by level. Turning is free to any facing at +1, the four moves keep the facing, and a
 * closed door is crossed at +2 (OPEN_DOOR then MOVE_FORWARD) only along the facing that looks into it.
 * Three rotating levels suffice since no edge costs more than 2.
 */
function computeField(index: MapIndex, pass: Uint8Array, target: number): Uint16Array {
  const size = index.size;
  if (settled.length < size) {
    settled = new Uint8Array(size);
    levels = [new Level(size), new Level(size), new Level(size)];
  }
  settled.fill(0, 0, size);
  const dist = new Uint16Array(size * 4).fill(UNREACHABLE);
  const step = index.step;
  for (let f = 0; f < 4; f++) {
    const from = target - step[f];
    if (from >= 0 && from < size && pass[from] !== PASS_BLOCKED) reach(levels[0], from, 1 << f);
  }
  for (let d = 0, pending = levels[0].length; pending > 0; d++) {
    const level = levels[d % 3];
    const next = levels[(d + 1) % 3];
    const afterNext = levels[(d + 2) % 3];
    for (let i = 0; i < level.length; i++) {
      const c = level.cells[i];
      const bits = level.facings[c] & ~settled[c];
      level.facings[c] = 0;
      if (bits === 0) continue;
      settled[c] |= bits;
      for (let f = 0; f < 4; f++) if (bits & (1 << f)) dist[c * 4 + f] = d;
      reach(next, c, 15);
      if (pass[c] === PASS_OPEN) {
        for (let k = 0; k < 4; k++) {
          const p = c - step[k];
          if (p !== target && pass[p] !== PASS_BLOCKED) reach(next, p, bits);
        }
      } else if (pass[c] === PASS_CLOSED_DOOR) {
        for (let f = 0; f < 4; f++) {
          const p = c - step[f];
          if (bits & (1 << f) && p !== target && pass[p] !== PASS_BLOCKED) reach(afterNext, p, 1 << f);
        }
      }
    }
    level.length = 0;
    pending = next.length + afterNext.length;
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
    const d = this.raw(pose, target);
    return d === UNREACHABLE ? null : d;
  }

  /**
   * The first action of a shortest way to face `target`, stepping around players standing in the way now;
   * null when already facing it or when it cannot be reached.
   */
  nextAction(pose: Pose, target: Point): number | null {
    const t = this.grid.index.cell(target.x, target.y);
    const field = this.grid.field(t);
    const here = this.grid.index.cell(pose.x, pose.y);
    const f = pose.facing - 100;
    const d = field[here * 4 + f];
    if (d === 0 || d === UNREACHABLE) return null;
    return this.bestStep(field, t, here, f, true)?.action ?? null;
  }

  /**
   * Up to `maxLength` actions of a shortest way to face `target` (players ignored), ending with
   * `finalAction` (e.g. DO_TASK) if it still fits once the target is faced.
   */
  plan(pose: Pose, target: Point, maxLength: number, finalAction?: number): number[] {
    const index = this.grid.index;
    const t = index.cell(target.x, target.y);
    const field = this.grid.field(t);
    let here = index.cell(pose.x, pose.y);
    let f = pose.facing - 100;
    const out: number[] = [];
    while (out.length < maxLength) {
      const d = field[here * 4 + f];
      if (d === UNREACHABLE) break;
      if (d === 0) {
        if (finalAction !== undefined) out.push(finalAction);
        break;
      }
      const best = this.bestStep(field, t, here, f, false);
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

  private raw(pose: Pose, target: Point): number {
    const index = this.grid.index;
    const field = this.grid.field(index.cell(target.x, target.y));
    return field[index.cell(pose.x, pose.y) * 4 + (pose.facing - 100)];
  }

  private bestStep(field: Uint16Array, target: number, here: number, f: number, avoidPlayers: boolean) {
    const { pass, index } = this.grid;
    let best: { action: number; cell: number; facing: number } | null = null;
    let bestCost = Infinity;
    for (const action of PREFERENCE) {
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
      const rest = field[cell * 4 + facing];
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

function hintTo(nav: Navigator, pose: Pose, target: Point, interaction: number | null): NavHint {
  const dist = nav.distance(pose, target);
  return { dist, next: dist === 0 ? interaction : dist === null ? null : nav.nextAction(pose, target) };
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

  const taskDist: Record<string, number | null> = {};
  let goal: Goal | null = null;
  const tasks = state.info[seat].tasks;
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i];
    if (!task.fake && p.progress[i] >= task.required) continue;
    const dist = nav.distance(p, task.station);
    taskDist[task.name] = dist;
    if (dist !== null && (goal === null || dist < goal.dist)) {
      goal = { name: task.name, target: task.station, dist, interaction: ACTIONS.DO_TASK };
    }
  }

  const canKill = p.role === "impostor" && p.killCooldown === 0;
  const players: Record<string, NavHint> = {};
  let prey: Goal | null = null;
  for (const other of visibleSeats) {
    const q = state.players[other];
    const killable = canKill && q.role === "crewmate";
    const hint = hintTo(nav, p, q, killable ? ACTIONS.KILL : null);
    players[`Player_${other}`] = hint;
    if (killable && hint.dist !== null && (prey === null || hint.dist < prey.dist)) {
      prey = { name: `Player_${other}`, target: q, dist: hint.dist, interaction: ACTIONS.KILL };
    }
  }
  if (prey) goal = prey;

  const button = hintTo(nav, p, state.map.button, state.meetingsLeft > 0 ? ACTIONS.CALL_DISCUSSION : null);
  const corpses: Record<string, NavHint> = {};
  for (const c of visibleCorpses) corpses[`body:Player_${c.seat}`] = hintTo(nav, p, c, ACTIONS.REPORT_DEADBODY);

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
  const distAfter = action === ACTIONS.OPEN_DOOR ? target.dist - 1 : dir >= 0 || turned >= 0 ? nav.distance(next, target.target) : 0;
  const distText = dir >= 0 || turned >= 0 || action === ACTIONS.OPEN_DOOR ? `; ${target.name} dist ${target.dist}->${distAfter}` : "";
  return {
    action,
    outcome: `${ACTION_NAMES[action]}: ${effect}${distText}`,
    position: index.labels[index.cell(next.x, next.y)],
    facing: next.facing,
    distAfter,
  };
}
