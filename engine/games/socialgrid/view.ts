import { ACTIONS, type Facing, type PlayerInfo, type Point, type Role, type TaskKind, type VoteReason } from "./events";
import { manhattan } from "./geometry";
import { mapIndex } from "./map";
import { seatName } from "./names";
import { sightingOf } from "./memory";
import { oracleReport, type OracleReport } from "./oracle";
import type { Corpse, GameResult, HistoryEntry, PlayerMemory, SocialGridState, Statement } from "./state";
import { HISTORY_LENGTH } from "./state";
import { asciiPatch, type AsciiPatch } from "./visibility";
import { frontCell, worldOf } from "./world";

/** Tiles that cannot be entered (App. B). */
export const BLOCKED_TILES = ["#", "T", "D", "C", "B", "P"] as const;

export interface TaskView {
  id: string;
  name: string;
  kind: TaskKind;
  /** `Rrc(x,y)` of the station. */
  pos: string;
  x: number;
  y: number;
  progress: number;
  required: number;
  done: boolean;
  /** Only ever true in an impostor's own view. */
  fake: boolean;
}

export interface GameFacts {
  width: number;
  height: number;
  players: number;
  impostors: number;
  observation: "fov" | "global";
  fovRadius: number;
  oracle: "high" | "mid" | "low";
  macroMode: boolean;
  maxMacroActions: number;
  maxSteps: number;
  voteEvery: number;
  killCooldown: number;
  meetingsLeft: number;
  discussionRounds: number;
}

export interface MeetingView {
  round: number;
  reason: VoteReason;
  caller: string | null;
  body: string | null;
  /** Discussion turn being collected (discussion phase only). */
  turn: number | null;
  statements: Array<Statement & { name: string }>;
  allPlayers: string[];
  alivePlayers: string[];
  /** Live players other than oneself, then "skip". */
  allowedVotes: string[];
}

/** What one player has observed, summarised for voting. */
export interface MemoryView {
  players: Array<{
    name: string;
    status: "alive" | "dead" | "ejected";
    lastSeen: { step: number; pos: string } | null;
    stepsSeen: number;
    taskTogglesSeen: number;
  }>;
  notes: string[];
}

/** The structured observation of one player (App. B / H): what that player may know. */
export interface PlayerView {
  t: number;
  phase: "task" | "discussion" | "vote" | "over";
  seat: number;
  name: string;
  role: Role;
  alive: boolean;
  game: GameFacts;
  /** `Rrc(x,y)`. */
  position: string;
  x: number;
  y: number;
  room: { row: number; col: number };
  /** 100=RIGHT, 101=DOWN, 102=LEFT, 103=UP. */
  facing: Facing;
  /** Legend character of the tile in front. */
  frontTile: string;
  tasks: TaskView[];
  allowedActions: number[];
  /** `Rrc(x,y)` → player name, for live players in view. */
  visiblePlayers: Record<string, string>;
  /** `Rrc(x,y)` → name of the dead player, for corpses in view. */
  visibleCorpses: Record<string, string>;
  asciiPatch: AsciiPatch;
  blocked: readonly string[];
  /** Last own env steps, oldest first: `step=42: R01(12,9)->act=0->R01(12,8)` (failed actions marked). */
  history: string[];
  stallAlert: boolean;
  /** Manhattan distance to the nearest visible live player, null if none is in view. */
  nearestPlayerDist: number | null;
  impostor?: { killCooldown: number; teammates: string[] };
  oracle?: OracleReport;
  /** During meetings: the player's private observation history, for voting and statements. */
  meeting?: MeetingView;
  memory?: MemoryView;
  result?: GameResult;
}

export function playerView(state: SocialGridState, seat: number): PlayerView {
  const world = worldOf(state);
  const { index } = world;
  const p = state.players[seat];
  const sight = world.sight;

  const visibleSeats: number[] = [];
  // Keyed by position labels: prototype-less dictionaries avoid a hidden class per key combination.
  const visiblePlayers: Record<string, string> = Object.create(null);
  const visibleCorpses: Record<string, string> = Object.create(null);
  const corpsesInView: Corpse[] = [];
  let nearestPlayerDist: number | null = null;
  if (p.alive) {
    const mask = sight.mask(p.x, p.y);
    for (const q of state.players) {
      if (q.seat === seat || !q.alive || !sight.inMask(mask, p, q.x, q.y)) continue;
      visibleSeats.push(q.seat);
      visiblePlayers[index.labels[index.cell(q.x, q.y)]] = seatName(q.seat);
      const d = manhattan(p, q);
      if (nearestPlayerDist === null || d < nearestPlayerDist) nearestPlayerDist = d;
    }
    for (const c of state.corpses) {
      if (!sight.inMask(mask, p, c.x, c.y)) continue;
      corpsesInView.push(c);
      visibleCorpses[index.labels[index.cell(c.x, c.y)]] = seatName(c.seat);
    }
  }

  const view: PlayerView = {
    t: state.t,
    phase: state.phase.kind,
    seat,
    name: seatName(seat),
    role: p.role,
    alive: p.alive,
    game: world.memo("facts", (w) => gameFacts(w.state)),
    position: index.labels[index.cell(p.x, p.y)],
    x: p.x,
    y: p.y,
    room: index.rooms[index.cell(p.x, p.y)],
    facing: p.facing,
    frontTile: world.tileChar(frontCell(index, p)),
    tasks: taskViews(state, seat),
    allowedActions: world.allowedActions(seat),
    visiblePlayers,
    visibleCorpses,
    asciiPatch: asciiPatch(world, p),
    blocked: BLOCKED_TILES,
    history: p.historyLines,
    stallAlert: isStalled(p.history),
    nearestPlayerDist,
  };
  if (p.role === "impostor") {
    view.impostor = {
      killCooldown: p.killCooldown,
      teammates: world
        .memo("impostors", () => state.players.filter((q) => q.role === "impostor").map((q) => q.seat))
        .filter((s) => s !== seat)
        .map(seatName),
    };
  }
  const oracle = oracleReport(state, seat, visibleSeats, corpsesInView);
  if (oracle) view.oracle = oracle;
  const meeting = meetingView(state, seat);
  if (meeting) {
    view.meeting = meeting;
    view.memory = memoryView(state, p.memory);
  }
  if (state.result) view.result = state.result;
  return view;
}

/** Task views change only when the progress array does (a toggle), so they are shared until then. */
const taskViewCache = new WeakMap<readonly number[], { info: PlayerInfo; views: TaskView[] }>();

function taskViews(state: SocialGridState, seat: number): TaskView[] {
  const progress = state.players[seat].progress;
  const cached = taskViewCache.get(progress);
  if (cached?.info === state.info[seat]) return cached.views;
  const index = mapIndex(state.map);
  const views: TaskView[] = state.info[seat].tasks.map((task, i) => ({
    id: task.id,
    name: task.name,
    kind: task.kind,
    pos: index.labels[index.cell(task.station.x, task.station.y)],
    x: task.station.x,
    y: task.station.y,
    progress: progress[i],
    required: task.required,
    done: !task.fake && progress[i] >= task.required,
    fake: task.fake,
  }));
  taskViewCache.set(progress, { info: state.info[seat], views });
  return views;
}

function gameFacts(state: SocialGridState): GameFacts {
  const c = state.config;
  return {
    width: state.map.width,
    height: state.map.height,
    players: c.players,
    impostors: c.impostors,
    observation: c.observation,
    fovRadius: c.fovRadius,
    oracle: c.oracle,
    macroMode: c.macroMode,
    maxMacroActions: c.maxMacroActions,
    maxSteps: c.maxSteps,
    voteEvery: c.voteEvery,
    killCooldown: c.killCooldown,
    meetingsLeft: state.meetingsLeft,
    discussionRounds: c.discussionRounds,
  };
}

/**
 * STALL_ALERT: the last 5 own steps left the player on the same tile without one successful interaction
 * (only NOOPs, turns and failed actions).
 */
export function isStalled(history: readonly HistoryEntry[]): boolean {
  if (history.length < HISTORY_LENGTH) return false;
  const x = history[0][1];
  const y = history[0][2];
  for (const h of history) {
    const moved = h[1] !== x || h[2] !== y || h[4] !== x || h[5] !== y;
    const interacted = h[6] === 1 && h[3] >= ACTIONS.DO_TASK;
    if (moved || interacted) return false;
  }
  return true;
}

function memoryView(state: SocialGridState, memory: PlayerMemory): MemoryView {
  const index = mapIndex(state.map);
  return {
    players: state.players.map((q) => {
      const { lastSeen, steps, taskToggles } = sightingOf(memory, q.seat);
      return {
        name: seatName(q.seat),
        status: q.alive ? "alive" : q.fate === "ejected" ? "ejected" : "dead",
        lastSeen: lastSeen ? { step: lastSeen.t, pos: index.labels[index.cell(lastSeen.x, lastSeen.y)] } : null,
        stepsSeen: steps,
        taskTogglesSeen: taskToggles,
      };
    }),
    notes: memory.notes,
  };
}

function meetingView(state: SocialGridState, seat: number): MeetingView | undefined {
  const phase = state.phase;
  if (phase.kind !== "vote" && phase.kind !== "discussion") return undefined;
  const { meeting } = phase;
  const alive = state.players.filter((p) => p.alive).map((p) => p.seat);
  return {
    round: meeting.round,
    reason: meeting.reason,
    caller: meeting.caller === undefined ? null : seatName(meeting.caller),
    body: meeting.body === undefined ? null : seatName(meeting.body),
    turn: phase.kind === "discussion" ? phase.turn : null,
    statements: meeting.statements.map((s) => ({ ...s, name: seatName(s.seat) })),
    allPlayers: state.players.map((p) => seatName(p.seat)),
    alivePlayers: alive.map(seatName),
    allowedVotes: [...alive.filter((s) => s !== seat).map(seatName), "skip"],
  };
}

/** The god view: everything, for spectators and replays. */
export interface SpectatorView {
  t: number;
  phase: SocialGridState["phase"];
  map: { width: number; height: number; tiles: string[] };
  doors: Array<{ id: number; pos: Point; open: boolean }>;
  players: Array<{
    seat: number;
    name: string;
    role: Role;
    alive: boolean;
    fate: "alive" | "killed" | "ejected";
    x: number;
    y: number;
    position: string;
    facing: Facing;
    killCooldown: number;
    queue: number[];
    tasks: Array<Omit<TaskView, "pos" | "x" | "y"> & { pos: Point }>;
  }>;
  corpses: Corpse[];
  meetingsLeft: number;
  voteRound: number;
  /** Seats that must decide before the next step, and the kind of decision. */
  pending: Array<{ seat: number; kind: string }>;
  returns: number[];
  result: GameResult | null;
}

export function spectatorView(state: SocialGridState, pending: Array<{ seat: number; kind: string }>): SpectatorView {
  const world = worldOf(state);
  const { index } = world;
  const tiles: string[] = [];
  for (let y = 0; y < index.height; y++) {
    let row = "";
    for (let x = 0; x < index.width; x++) row += world.tileChar(y * index.width + x);
    tiles.push(row);
  }
  return {
    t: state.t,
    phase: state.phase,
    map: { width: index.width, height: index.height, tiles },
    doors: state.map.doors.map((d) => ({ id: d.id, pos: d.pos, open: state.doorsOpen[d.id] })),
    players: state.players.map((p) => ({
      seat: p.seat,
      name: seatName(p.seat),
      role: p.role,
      alive: p.alive,
      fate: p.fate,
      x: p.x,
      y: p.y,
      position: index.labels[index.cell(p.x, p.y)],
      facing: p.facing,
      killCooldown: p.killCooldown,
      queue: p.queue,
      tasks: state.info[p.seat].tasks.map((task, i) => ({
        id: task.id,
        name: task.name,
        kind: task.kind,
        pos: task.station,
        progress: p.progress[i],
        required: task.required,
        done: !task.fake && p.progress[i] >= task.required,
        fake: task.fake,
      })),
    })),
    corpses: state.corpses,
    meetingsLeft: state.meetingsLeft,
    voteRound: state.voteRound,
    pending,
    returns: state.returns,
    result: state.result,
  };
}
