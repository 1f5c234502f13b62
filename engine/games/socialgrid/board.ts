/**
 * SocialGrid's board: the game as its event log tells it (positions, fates, doors, corpses, task progress,
 * phase). The one place that knows how events change the picture; the viewer's frames, the per-seat streams
 * (pov.ts), the metrics and the thumbnails all fold logs with it. It reads the god log and a seat's view of it
 * (`?pov=`) alike: in a seat's view, the others are where the seat last saw them, doors and corpses as last
 * seen, and deaths known once witnessed, seen as a corpse or missing at a meeting.
 */
import type { GameEvent } from "../../core/game";
import type { BoardReducer } from "../../core/module";
import type { SocialGridConfig } from "./config";
import type { GameStartEvent, Point, SocialGridEvent } from "./events";
import { type MapIndex, mapIndex } from "./map";
import type { PovEvent, PovGameStartEvent, PovStepEvent } from "./pov";
import { sightFor } from "./visibility";

export type Fate = "alive" | "killed" | "ejected";
export type BoardPhase = "task" | "discussion" | "vote" | "over";

export interface BoardCorpse {
  seat: number;
  x: number;
  y: number;
}

export interface SocialGridBoard {
  /** The log's `game_start` (a seat's view of it in a `?pov=` log); null before the first event. */
  start: GameStartEvent | PovGameStartEvent | null;
  /** The seat whose view the log is; null for the god log. */
  pov: number | null;
  /** Env steps completed. */
  t: number;
  phase: BoardPhase;
  /** The latest voting phase (1-based); 0 before the first. */
  meeting: number;
  meetingsLeft: number;
  /** x, y, facing (100-103) per seat: where each is, or in a seat's view where it was last seen. */
  poses: Int16Array;
  fates: readonly Fate[];
  doorsOpen: readonly boolean[];
  corpses: readonly BoardCorpse[];
  /** Toggles done per seat and task, in the order of the seat's tasks in `game_start`. */
  progress: readonly (readonly number[])[];
  /** In a seat's view: per seat, whether it is in view after the latest env step. Null in the god log. */
  inView: readonly boolean[] | null;
}

const EMPTY: SocialGridBoard = Object.freeze({
  start: null,
  pov: null,
  t: 0,
  phase: "task",
  meeting: 0,
  meetingsLeft: 0,
  poses: new Int16Array(0),
  fates: [],
  doorsOpen: [],
  corpses: [],
  progress: [],
  inView: null,
});

/** The parsed config of a board's game (every consumer reads the stored, defaults-filled config). */
export const boardConfig = (board: SocialGridBoard): SocialGridConfig => board.start!.config;

/** Task slots per seat, by task id, of a game start (cached: boards of one log share their start). */
const slotsCache = new WeakMap<object, Map<string, number>>();
function taskSlot(start: GameStartEvent | PovGameStartEvent, seat: number, task: string): number | undefined {
  let slots = slotsCache.get(start);
  if (!slots) {
    slots = new Map();
    for (const p of start.players) p.tasks.forEach((t, slot) => slots!.set(`${p.seat}:${t.id}`, slot));
    slotsCache.set(start, slots);
  }
  return slots.get(`${seat}:${task}`);
}

function begin(start: GameStartEvent | PovGameStartEvent): SocialGridBoard {
  const n = start.players.length;
  const poses = new Int16Array(n * 3);
  for (const p of start.players) {
    if (!p.start || !p.facing) continue;
    poses[p.seat * 3] = p.start.x;
    poses[p.seat * 3 + 1] = p.start.y;
    poses[p.seat * 3 + 2] = p.facing;
  }
  const pov = "pov" in start ? start.pov : null;
  return {
    start,
    pov,
    t: 0,
    phase: "task",
    meeting: 0,
    meetingsLeft: start.config.emergencyMeetings,
    poses,
    fates: start.players.map(() => "alive"),
    doorsOpen: start.map.doors.map(() => false),
    corpses: [],
    progress: start.players.map((p) => p.tasks.map(() => 0)),
    inView: pov === null ? null : start.players.map((p) => p.start !== undefined),
  };
}

/** A body at (x, y), from a kill or (in a seat's view) seen later; each is counted once. */
function dies(board: SocialGridBoard, seat: number, x: number, y: number): SocialGridBoard {
  if (board.corpses.some((c) => c.seat === seat)) return board;
  return {
    ...board,
    fates: board.fates[seat] === "alive" ? board.fates.with(seat, "killed") : board.fates,
    corpses: [...board.corpses, { seat, x, y }],
    inView: outOfView(board.inView, seat),
  };
}

/** The dead are in nobody's view. */
const outOfView = (inView: readonly boolean[] | null, seat: number) =>
  inView?.[seat] ? inView.with(seat, false) : inView;

function envStep(
  board: SocialGridBoard,
  event: PovStepEvent | Extract<SocialGridEvent, { type: "step" }>,
): SocialGridBoard {
  const poses = board.poses.slice();
  for (const [seat, , , x, y, facing] of event.acts) {
    poses[seat * 3] = x;
    poses[seat * 3 + 1] = y;
    poses[seat * 3 + 2] = facing;
  }
  let next: SocialGridBoard = { ...board, t: event.t, poses };
  if ("sees" in event) {
    // A seat's view: who is in view, and the doors and corpses in sight.
    const inView = next.fates.map((_, seat) => seat === board.pov);
    for (const [seat] of event.acts) inView[seat] = true;
    let doorsOpen = next.doorsOpen;
    for (const [door, open] of event.sees.doors) if (doorsOpen[door] !== open) doorsOpen = doorsOpen.with(door, open);
    next = { ...next, inView, doorsOpen };
    for (const [seat, x, y] of event.sees.corpses) next = dies(next, seat, x, y);
  }
  return next;
}

function apply(board: SocialGridBoard, raw: GameEvent): SocialGridBoard {
  const event = raw as SocialGridEvent | PovEvent;
  if (event.type === "game_start") return begin(event);
  const start = board.start;
  if (!start) return board;
  switch (event.type) {
    case "step":
      return envStep(board, event);
    case "door":
      return { ...board, doorsOpen: board.doorsOpen.with(event.door, event.open) };
    case "task_toggle": {
      const slot = taskSlot(start, event.seat, event.task);
      if (event.fake || slot === undefined) return board;
      return {
        ...board,
        progress: board.progress.with(event.seat, board.progress[event.seat].with(slot, event.progress)),
      };
    }
    case "kill":
      return dies(board, event.victim, event.pos.x, event.pos.y);
    case "button":
      return { ...board, meetingsLeft: event.remaining };
    case "vote_start": {
      // The meeting tells who is still alive: in a seat's view, deaths it had not seen become known here.
      const unseen = (fate: Fate, seat: number) => fate === "alive" && !event.alive.includes(seat);
      const fates = board.fates.some(unseen)
        ? board.fates.map((f, seat) => (unseen(f, seat) ? "killed" : f))
        : board.fates;
      const inView = board.inView?.map((v, seat) => v && fates[seat] === "alive") ?? null;
      return {
        ...board,
        fates,
        inView,
        meeting: event.round,
        phase: start.config.discussionRounds > 0 ? "discussion" : "vote",
      };
    }
    case "statement":
      return { ...board, phase: event.turn < start.config.discussionRounds ? "discussion" : "vote" };
    case "vote_result": {
      const ejected = event.ejected;
      let { fates, inView } = board;
      if (ejected !== null) {
        fates = fates.with(ejected, "ejected");
        // Ejected, a seat sees no one any more.
        inView =
          inView && ejected === board.pov ? inView.map((_, seat) => seat === board.pov) : outOfView(inView, ejected);
      }
      // A vote removes every corpse.
      return { ...board, fates, inView, corpses: [], phase: "task" };
    }
    case "game_end":
      return { ...board, t: event.t, phase: "over" };
    default:
      return board;
  }
}

export const socialGridBoard: BoardReducer<SocialGridBoard> = { empty: () => EMPTY, apply };

export const isAlive = (board: SocialGridBoard, seat: number): boolean => board.fates[seat] === "alive";

export const poseOf = (board: SocialGridBoard, seat: number): Point & { facing: number } => ({
  x: board.poses[seat * 3],
  y: board.poses[seat * 3 + 1],
  facing: board.poses[seat * 3 + 2],
});

/** What a seat sees on a board of the god log: the live players, doors and corpses in its view. Nothing when dead. */
export interface SeatSight {
  players: number[];
  /** [door, open]. */
  doors: Array<[number, boolean]>;
  corpses: BoardCorpse[];
  /** Whether a tile is in view. */
  canSee(tile: Point): boolean;
}

const indexCache = new WeakMap<object, MapIndex>();
const indexOf = (start: GameStartEvent | PovGameStartEvent): MapIndex => {
  let index = indexCache.get(start.map);
  if (!index) indexCache.set(start.map, (index = mapIndex(start.map)));
  return index;
};

const NOTHING: SeatSight = Object.freeze({ players: [], doors: [], corpses: [], canSee: () => false });

export function visibleTo(board: SocialGridBoard, seat: number): SeatSight {
  const start = board.start;
  if (!start || !isAlive(board, seat)) return NOTHING;
  const { observation, fovRadius } = start.config;
  const sight = sightFor(indexOf(start), board.doorsOpen, { observation, fovRadius });
  const from = { x: board.poses[seat * 3], y: board.poses[seat * 3 + 1] };
  const canSee = (tile: Point) => sight.canSee(from, tile.x, tile.y);
  const players: number[] = [];
  for (let other = 0; other < board.fates.length; other++) {
    if (other !== seat && isAlive(board, other) && canSee(poseOf(board, other))) players.push(other);
  }
  return {
    players,
    doors: start.map.doors.flatMap(
      (d, door): Array<[number, boolean]> => (canSee(d.pos) ? [[door, board.doorsOpen[door]]] : []),
    ),
    corpses: board.corpses.filter((c) => canSee(c)),
    canSee,
  };
}
