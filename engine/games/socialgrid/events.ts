/**
 * The SocialGrid event log: the contract between the engine, metrics, the runtime and the viewer.
 * Events are plain JSON. Seats are numbers; the display name of seat i is `Player_i`.
 * `t` is the env step (0-based count of env steps already completed when the event happened;
 * events of the n-th env step carry t = n, starting at 1). Vote-phase events carry the `t` of the
 * env step that triggered or precedes the vote.
 */
import type { SocialGridConfig } from "./config";

export type Role = "crewmate" | "impostor";
export type TaskKind = "common" | "short" | "long";
/** 100=RIGHT, 101=DOWN, 102=LEFT, 103=UP (paper App. H). */
export type Facing = 100 | 101 | 102 | 103;
export type VoteReason = "schedule" | "report" | "button";
export type WinReason = "all_impostors_ejected" | "tasks_complete" | "all_crew_dead" | "parity" | "step_limit";

export interface Point {
  x: number;
  y: number;
}

/** A task as assigned to one player. Impostors get fake tasks (`fake: true`) that never progress. */
export interface TaskAssignment {
  /** Unique within the episode, e.g. "common_1", "short_3_p2". */
  id: string;
  /** Display name used in prompts, e.g. "short_task_1". */
  name: string;
  kind: TaskKind;
  station: Point;
  /** Toggles needed: 3 / 8 / 13 by default. */
  required: number;
  fake: boolean;
  /**
   * Optimal env steps from this player's start (position and facing, doors as at start) until the task
   * would be complete: oracle distance to face the station + `required` toggles. The PE numerator (App. C.1).
   */
  optimalSteps: number;
}

export interface DoorInfo {
  id: number;
  pos: Point;
  /** Room indices (row-major) on both sides. */
  rooms: [number, number];
}

export interface MapInfo {
  width: number;
  height: number;
  roomSize: number;
  layout: { rows: number; cols: number };
  /** `height` strings of `width` chars with the static legend: '#' wall, '.' floor, 'T' task, 'B' button; doors as 'D' (all start closed). */
  tiles: string[];
  doors: DoorInfo[];
  button: Point;
}

export interface PlayerInfo {
  seat: number;
  name: string;
  role: Role;
  start: Point;
  facing: Facing;
  tasks: TaskAssignment[];
}

export interface GameStartEvent {
  type: "game_start";
  t: 0;
  map: MapInfo;
  players: PlayerInfo[];
  /** Config as parsed (defaults filled). */
  config: SocialGridConfig;
  seed: number;
}

/**
 * One env step of the task phase: every alive player's executed action in the order it was applied
 * (the seeded shuffle), with its outcome and the player's pose afterwards.
 */
export interface StepEvent {
  type: "step";
  t: number;
  /** [seat, action code 0-13, ok 1|0, x, y, facing] after the action, in execution order. */
  acts: Array<[number, number, 0 | 1, number, number, Facing]>;
  /** App. I reward of this env step per seat (index = seat; dead players 0). Includes task, kill and step terms. */
  rewards: number[];
}

export interface DoorEvent {
  type: "door";
  t: number;
  seat: number;
  door: number;
  open: boolean;
}

export interface TaskToggleEvent {
  type: "task_toggle";
  t: number;
  seat: number;
  task: string;
  /** Progress after the toggle (unchanged for fake toggles). */
  progress: number;
  required: number;
  fake: boolean;
}

export interface TaskCompleteEvent {
  type: "task_complete";
  t: number;
  seat: number;
  task: string;
  kind: TaskKind;
}

export interface KillEvent {
  type: "kill";
  t: number;
  killer: number;
  victim: number;
  pos: Point;
  /** Alive players other than killer and victim who had the kill tile in their field of view. */
  witnesses: number[];
}

export interface ReportEvent {
  type: "report";
  t: number;
  seat: number;
  /** Seat of the dead player whose body was reported. */
  body: number;
  pos: Point;
}

export interface ButtonEvent {
  type: "button";
  t: number;
  seat: number;
  /** Emergency meetings left after this press. */
  remaining: number;
}

export interface VoteStartEvent {
  type: "vote_start";
  t: number;
  /** 1-based index of the voting phase. */
  round: number;
  reason: VoteReason;
  /** Who reported or pressed the button (absent for scheduled votes). */
  caller?: number;
  alive: number[];
  /** Fraction of all crew tasks completed at this moment, in [0,1] (TC(t) of App. L). */
  taskCompletion: number;
}

export interface StatementEvent {
  type: "statement";
  t: number;
  round: number;
  /** Discussion round within the voting phase, 1-based. */
  turn: number;
  seat: number;
  text: string;
}

export interface VoteEvent {
  type: "vote";
  t: number;
  round: number;
  seat: number;
  /** Target seat, or "skip". */
  vote: number | "skip";
  /** Trust that the target is a crewmate, keyed by seat (as a string), for every other alive player. */
  trust: Record<string, number>;
  thought: string;
  /** Set when the engine repaired the decision: an invalid target became skip; missing trust became 0.5. */
  flags?: { invalidTarget?: string; missingTrust?: number[] };
}

export interface VoteResultEvent {
  type: "vote_result";
  t: number;
  round: number;
  /** Votes per seat (string keys) and "skip". */
  tally: Record<string, number>;
  ejected: number | null;
  /** Only present when the config reveals roles on ejection. */
  ejectedRole?: Role;
  /** Voting rewards of this phase per seat (index = seat). */
  rewards: number[];
}

export interface GameEndEvent {
  type: "game_end";
  t: number;
  winner: "crew" | "impostors";
  reason: WinReason;
  /** Terminal (win/loss) reward per seat. */
  rewards: number[];
  /** Sum of all rewards per seat over the episode. */
  returns: number[];
}

export type SocialGridEvent =
  | GameStartEvent
  | StepEvent
  | DoorEvent
  | TaskToggleEvent
  | TaskCompleteEvent
  | KillEvent
  | ReportEvent
  | ButtonEvent
  | VoteStartEvent
  | StatementEvent
  | VoteEvent
  | VoteResultEvent
  | GameEndEvent;

export const ACTIONS = {
  MOVE_FORWARD: 0,
  MOVE_BACKWARD: 1,
  STRAFE_RIGHT: 2,
  STRAFE_LEFT: 3,
  TURN_LEFT: 4,
  TURN_RIGHT: 5,
  TURN_BACK: 6,
  NOOP: 7,
  DO_TASK: 8,
  OPEN_DOOR: 9,
  CLOSE_DOOR: 10,
  REPORT_DEADBODY: 11,
  CALL_DISCUSSION: 12,
  KILL: 13,
} as const;

export type ActionCode = (typeof ACTIONS)[keyof typeof ACTIONS];

export const ACTION_NAMES: Record<number, keyof typeof ACTIONS> = Object.fromEntries(
  Object.entries(ACTIONS).map(([name, code]) => [code, name]),
) as Record<number, keyof typeof ACTIONS>;

export const playerName = (seat: number): string => `Player_${seat}`;
