import { ACTIONS, type TaskAssignment } from "./events";
import { MOVE_ACTIONS, moveDirection } from "./geometry";
import { mapIndex, TILE, type MapIndex } from "./map";
import type { Corpse, PlayerState, SocialGridState } from "./state";
import { sightFor, type Sight } from "./visibility";

/**
 * Occupancy grid: 0 = empty, seat + 1 = that live player, -(seat + 1) = that player's corpse. A plain array,
 * not a typed one: it is copied at every env step, and V8 allocates typed arrays over 64 bytes off-heap.
 */
export type Occupancy = number[];

export function buildOccupancy(
  index: MapIndex,
  players: readonly PlayerState[],
  corpses: readonly Corpse[],
): Occupancy {
  const occ: Occupancy = new Array(index.size).fill(0);
  for (const c of corpses) occ[index.cell(c.x, c.y)] = -(c.seat + 1);
  for (const p of players) if (p.alive) occ[index.cell(p.x, p.y)] = p.seat + 1;
  return occ;
}

/** Derived per-state lookups shared by all views of one state (built lazily, cached by state identity). */
export class World {
  readonly index: MapIndex;
  private sightCache: Sight | null = null;
  private readonly derived = new Map<string, unknown>();
  private readonly allowed = new Map<number, number[]>();

  constructor(
    readonly state: SocialGridState,
    readonly occ: Occupancy,
  ) {
    this.index = mapIndex(state.map);
  }

  get sight(): Sight {
    if (!this.sightCache) this.sightCache = sightFor(this.index, this.state.doorsOpen, this.state.config);
    return this.sightCache;
  }

  /** A value derived from this state (shared by all its views), built once under `key`. */
  memo<T>(key: string, build: (world: World) => T): T {
    let value = this.derived.get(key) as T | undefined;
    if (value === undefined) {
      value = build(this);
      this.derived.set(key, value);
    }
    return value;
  }

  /** ALLOWED_ACTIONS of a seat, computed once per state. */
  allowedActions(seat: number): number[] {
    let out = this.allowed.get(seat);
    if (!out) {
      out = computeAllowedActions(this, seat);
      this.allowed.set(seat, out);
    }
    return out;
  }

  /** Floor or open door with no player or corpse on it. */
  isFree(c: number): boolean {
    return this.occ[c] === 0 && isPassable(this.index, this.state.doorsOpen, c);
  }

  tileChar(c: number): string {
    return tileChar(this.index, this.state.doorsOpen, this.occ, c);
  }
}

/**
 * Worlds of the most recently used states, matched by identity. A small ring instead of a WeakMap keyed
 * by state: one entry per env step made V8's garbage collector (ephemeron tables) the main cost.
 */
const RECENT = 16;
const recentWorlds: World[] = [];
let nextSlot = 0;

export function worldOf(state: SocialGridState): World {
  for (let i = 0; i < recentWorlds.length; i++) if (recentWorlds[i].state === state) return recentWorlds[i];
  return remember(new World(state, buildOccupancy(mapIndex(state.map), state.players, state.corpses)));
}

/** Lets a transition hand over the occupancy it already built for the state it returns. */
export function adoptWorld(state: SocialGridState, occ: Occupancy): void {
  remember(new World(state, occ));
}

function remember(world: World): World {
  recentWorlds[nextSlot] = world;
  nextSlot = (nextSlot + 1) % RECENT;
  return world;
}

/** Floor or an open door (ignoring players and corpses). */
export function isPassable(index: MapIndex, doorsOpen: readonly boolean[], c: number): boolean {
  const k = index.kind[c];
  return k === TILE.FLOOR || (k === TILE.DOOR && doorsOpen[index.doorAt[c]]);
}

const CODE = Object.fromEntries([..."P C.ODTB#"].map((ch) => [ch, ch.charCodeAt(0)]));

/** Char code of a tile's legend character: P player, C corpse, O/D open/closed door, T task, B button. */
export function tileCode(index: MapIndex, doorsOpen: readonly boolean[], occ: Occupancy, c: number): number {
  const o = occ[c];
  if (o > 0) return CODE.P;
  if (o < 0) return CODE.C;
  return staticTileCode(index, doorsOpen, c);
}

/** Char code of a tile ignoring players and corpses. */
export function staticTileCode(index: MapIndex, doorsOpen: readonly boolean[], c: number): number {
  switch (index.kind[c]) {
    case TILE.FLOOR:
      return CODE["."];
    case TILE.DOOR:
      return doorsOpen[index.doorAt[c]] ? CODE.O : CODE.D;
    case TILE.STATION:
      return CODE.T;
    case TILE.BUTTON:
      return CODE.B;
    default:
      return CODE["#"];
  }
}

const CHAR_BY_CODE: Record<number, string> = Object.fromEntries(Object.entries(CODE).map(([ch, code]) => [code, ch]));

export const tileChar = (index: MapIndex, doorsOpen: readonly boolean[], occ: Occupancy, c: number): string =>
  CHAR_BY_CODE[tileCode(index, doorsOpen, occ, c)];

export const frontCell = (index: MapIndex, p: PlayerState): number => index.cell(p.x, p.y) + index.step[p.facing - 100];

/**
 * Index (in `PlayerInfo.tasks`) of the task a player can toggle at `cell`: an unfinished own task for
 * crew, any own fake task for impostors; -1 if none.
 */
export function toggleableTaskAt(
  index: MapIndex,
  tasks: readonly TaskAssignment[],
  progress: readonly number[],
  cell: number,
): number {
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i];
    if (index.cell(task.station.x, task.station.y) === cell && (task.fake || progress[i] < task.required)) return i;
  }
  return -1;
}

/** ALLOWED_ACTIONS of a live player in the task phase (sorted); empty otherwise. */
export function allowedActions(state: SocialGridState, seat: number): number[] {
  return worldOf(state).allowedActions(seat);
}

function computeAllowedActions(world: World, seat: number): number[] {
  const { state, index, occ } = world;
  const p = state.players[seat];
  if (state.phase.kind !== "task" || !p.alive) return [];
  const here = index.cell(p.x, p.y);
  const f = p.facing - 100;
  const out: number[] = [];
  for (const a of MOVE_ACTIONS) {
    if (world.isFree(here + index.step[moveDirection(a, f)])) out.push(a);
  }
  out.push(ACTIONS.TURN_LEFT, ACTIONS.TURN_RIGHT, ACTIONS.TURN_BACK, ACTIONS.NOOP);
  const front = here + index.step[f];
  const kind = index.kind[front];
  if (kind === TILE.STATION && toggleableTaskAt(index, state.info[seat].tasks, p.progress, front) >= 0) {
    out.push(ACTIONS.DO_TASK);
  }
  if (kind === TILE.DOOR) {
    const open = state.doorsOpen[index.doorAt[front]];
    if (!open) out.push(ACTIONS.OPEN_DOOR);
    else if (occ[front] === 0) out.push(ACTIONS.CLOSE_DOOR);
  }
  if (occ[front] < 0) out.push(ACTIONS.REPORT_DEADBODY);
  if (kind === TILE.BUTTON && state.meetingsLeft > 0) out.push(ACTIONS.CALL_DISCUSSION);
  if (p.role === "impostor" && p.killCooldown === 0 && occ[front] > 0) {
    if (state.players[occ[front] - 1].role === "crewmate") out.push(ACTIONS.KILL);
  }
  return out;
}
