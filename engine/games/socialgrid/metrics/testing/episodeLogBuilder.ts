import { socialGridConfigSchema } from "../../config";
import {
  ACTIONS,
  type DoorInfo,
  type Facing,
  type Point,
  type Role,
  type SocialGridEvent,
  type TaskAssignment,
  type TaskKind,
  type VoteReason,
  type WinReason,
} from "../../events";
import { facingVector } from "../geometry";

/** Hand-built SocialGrid logs for tests and benchmarks: obstacle-free kinematics, no rules beyond what metrics read. */

export interface TaskSpec {
  id: string;
  station: Point;
  kind?: TaskKind;
  required?: number;
  optimalSteps?: number;
  fake?: boolean;
}

export interface BuilderOptions {
  roles: Role[];
  starts?: Point[];
  facings?: Facing[];
  tasks?: TaskSpec[][];
  doors?: Array<{ id: number; pos: Point }>;
}

/** An action, or an action forced to fail (pose unchanged, ok 0). */
export type ActSpec = number | { action: number; ok: false };

export interface VoteSpec {
  seat: number;
  vote: number | "skip";
  /** Trust per other alive seat. */
  trust?: Record<number, number>;
  thought?: string;
  missingTrust?: number[];
}

const TURN_LEFT: Record<Facing, Facing> = { 100: 103, 103: 102, 102: 101, 101: 100 };
const TURN_RIGHT: Record<Facing, Facing> = { 100: 101, 101: 102, 102: 103, 103: 100 };
const TURN_BACK: Record<Facing, Facing> = { 100: 102, 102: 100, 101: 103, 103: 101 };
const REQUIRED: Record<TaskKind, number> = { common: 3, short: 8, long: 13 };

interface SeatState {
  x: number;
  y: number;
  facing: Facing;
  alive: boolean;
  tasks: TaskAssignment[];
  progress: Map<string, number>;
}

export class EpisodeLogBuilder {
  readonly events: SocialGridEvent[] = [];
  t = 0;
  private round = 0;
  private readonly seats: SeatState[];
  private readonly roles: Role[];
  private readonly doors: DoorInfo[];
  private readonly doorOpen = new Map<number, boolean>();

  constructor(options: BuilderOptions) {
    this.roles = options.roles;
    this.doors = (options.doors ?? []).map((d) => ({ id: d.id, pos: d.pos, rooms: [0, 1] }));
    for (const d of this.doors) this.doorOpen.set(d.id, false);
    this.seats = options.roles.map((role, seat) => {
      const tasks = (options.tasks?.[seat] ?? []).map((spec): TaskAssignment => {
        const kind = spec.kind ?? "common";
        const required = spec.required ?? REQUIRED[kind];
        return {
          id: spec.id,
          name: spec.id,
          kind,
          station: spec.station,
          required,
          fake: spec.fake ?? role === "impostor",
          optimalSteps: spec.optimalSteps ?? required,
        };
      });
      const start = options.starts?.[seat] ?? { x: 100 * seat, y: 100 };
      return { ...start, facing: options.facings?.[seat] ?? 100, alive: true, tasks, progress: new Map() };
    });
    this.events.push({
      type: "game_start",
      t: 0,
      map: {
        width: 1000,
        height: 1000,
        roomSize: 10,
        layout: { rows: 1, cols: 1 },
        tiles: [],
        doors: this.doors,
        button: { x: -1, y: -1 },
      },
      players: this.seats.map((s, seat) => ({
        seat,
        name: `Player_${seat}`,
        role: this.roles[seat],
        start: { x: s.x, y: s.y },
        facing: s.facing,
        tasks: s.tasks,
      })),
      config: socialGridConfigSchema.parse({ players: this.seats.length, impostors: 0, roomSize: 40 }),
      seed: 0,
    });
  }

  get alive(): number[] {
    return this.seats.flatMap((s, seat) => (s.alive ? [seat] : []));
  }

  /** One env step: listed seats do their action, every other alive seat does NOOP. */
  step(actions: Record<number, ActSpec> = {}): this {
    this.t++;
    const acts: Array<[number, number, 0 | 1, number, number, Facing]> = [];
    const after: SocialGridEvent[] = [];
    for (const seat of this.alive) {
      const spec = actions[seat] ?? ACTIONS.NOOP;
      const action = typeof spec === "number" ? spec : spec.action;
      const ok = typeof spec === "number" ? this.apply(seat, action, after) : false;
      const s = this.seats[seat];
      acts.push([seat, action, ok ? 1 : 0, s.x, s.y, s.facing]);
    }
    this.events.push({ type: "step", t: this.t, acts, rewards: this.roles.map(() => 0) }, ...after);
    return this;
  }

  /** The same actions for `n` env steps. */
  repeat(n: number, actions: Record<number, ActSpec>): this {
    for (let i = 0; i < n; i++) this.step(actions);
    return this;
  }

  /** One seat performs the given actions, one env step each. */
  actions(seat: number, sequence: readonly ActSpec[]): this {
    for (const a of sequence) this.step({ [seat]: a });
    return this;
  }

  kill(killer: number, victim: number): this {
    const v = this.seats[victim];
    v.alive = false;
    this.events.push({ type: "kill", t: this.t, killer, victim, pos: { x: v.x, y: v.y }, witnesses: [] });
    return this;
  }

  /** A full voting phase: vote_start, the votes, vote_result (plurality; ties and skip-majority eject nobody). */
  voteRound(votes: readonly VoteSpec[], reason: VoteReason = "schedule"): this {
    const round = ++this.round;
    const alive = this.alive;
    this.events.push({ type: "vote_start", t: this.t, round, reason, alive, taskCompletion: this.taskCompletion() });
    const tally: Record<string, number> = { skip: 0 };
    for (const v of votes) {
      const trust = Object.fromEntries(
        Object.entries(v.trust ?? Object.fromEntries(alive.filter((a) => a !== v.seat).map((a) => [a, 0.5]))).map(
          ([k, x]) => [String(k), x],
        ),
      );
      this.events.push({
        type: "vote",
        t: this.t,
        round,
        seat: v.seat,
        vote: v.vote,
        trust,
        thought: v.thought ?? "",
        ...(v.missingTrust ? { flags: { missingTrust: v.missingTrust } } : {}),
      });
      const key = String(v.vote);
      tally[key] = (tally[key] ?? 0) + 1;
    }
    const ranked = Object.entries(tally)
      .filter(([k]) => k !== "skip")
      .sort((a, b) => b[1] - a[1]);
    const top = ranked[0];
    const ejected =
      top && top[1] > tally.skip && (ranked.length === 1 || ranked[1][1] < top[1]) ? Number(top[0]) : null;
    if (ejected !== null) this.seats[ejected].alive = false;
    this.events.push({ type: "vote_result", t: this.t, round, tally, ejected, rewards: this.roles.map(() => 0) });
    return this;
  }

  end(
    winner: "crew" | "impostors",
    reason: WinReason = winner === "crew" ? "tasks_complete" : "step_limit",
  ): SocialGridEvent[] {
    const zeros = this.roles.map(() => 0);
    this.events.push({ type: "game_end", t: this.t, winner, reason, rewards: zeros, returns: zeros });
    return this.events;
  }

  private taskCompletion(): number {
    let total = 0;
    let done = 0;
    for (const s of this.seats) {
      for (const task of s.tasks) {
        if (task.fake) continue;
        total++;
        if ((s.progress.get(task.id) ?? 0) >= task.required) done++;
      }
    }
    return total > 0 ? done / total : 0;
  }

  private apply(seat: number, action: number, out: SocialGridEvent[]): boolean {
    const s = this.seats[seat];
    const v = facingVector(s.facing);
    const translate = (dx: number, dy: number) => {
      s.x += dx;
      s.y += dy;
      return true;
    };
    switch (action) {
      case ACTIONS.MOVE_FORWARD:
        return translate(v.x, v.y);
      case ACTIONS.MOVE_BACKWARD:
        return translate(-v.x, -v.y);
      case ACTIONS.STRAFE_RIGHT:
        return translate(-v.y, v.x);
      case ACTIONS.STRAFE_LEFT:
        return translate(v.y, -v.x);
      case ACTIONS.TURN_LEFT:
        s.facing = TURN_LEFT[s.facing];
        return true;
      case ACTIONS.TURN_RIGHT:
        s.facing = TURN_RIGHT[s.facing];
        return true;
      case ACTIONS.TURN_BACK:
        s.facing = TURN_BACK[s.facing];
        return true;
      case ACTIONS.NOOP:
        return true;
      case ACTIONS.DO_TASK: {
        const task = s.tasks.find((k) => k.station.x === s.x + v.x && k.station.y === s.y + v.y);
        const progress = task ? (s.progress.get(task.id) ?? 0) : 0;
        if (!task || progress >= task.required) return false;
        const next = task.fake ? progress : progress + 1;
        s.progress.set(task.id, next);
        out.push({
          type: "task_toggle",
          t: this.t,
          seat,
          task: task.id,
          progress: next,
          required: task.required,
          fake: task.fake,
        });
        if (!task.fake && next === task.required)
          out.push({ type: "task_complete", t: this.t, seat, task: task.id, kind: task.kind });
        return true;
      }
      case ACTIONS.OPEN_DOOR:
      case ACTIONS.CLOSE_DOOR: {
        const door = this.doors.find((d) => d.pos.x === s.x + v.x && d.pos.y === s.y + v.y);
        const open = action === ACTIONS.OPEN_DOOR;
        if (!door || this.doorOpen.get(door.id) === open) return false;
        this.doorOpen.set(door.id, open);
        out.push({ type: "door", t: this.t, seat, door: door.id, open });
        return true;
      }
      default:
        return false;
    }
  }
}
