import type {
  Facing,
  GameEndEvent,
  GameStartEvent,
  KillEvent,
  Role,
  SocialGridEvent,
  TaskCompleteEvent,
  TaskToggleEvent,
  VoteEvent,
  VoteResultEvent,
} from "../events";

export interface Pose {
  x: number;
  y: number;
  facing: Facing;
}

/** One env step of one seat: the executed action, its outcome and the pose afterwards. */
export interface SeatStep extends Pose {
  t: number;
  action: number;
  ok: boolean;
}

/** Everything one seat did in the task phase, in order. `steps[i - 1]` (or `start`) is the pose before `steps[i]`. */
export interface SeatTrack {
  seat: number;
  role: Role;
  start: Pose;
  steps: SeatStep[];
}

export interface VoteRound {
  round: number;
  t: number;
  alive: number[];
  taskCompletion: number;
  votes: VoteEvent[];
  result: VoteResultEvent | null;
}

/** An episode log regrouped for the metrics: one pass over the events, no derived numbers. */
export interface EpisodeIndex {
  start: GameStartEvent;
  /** Indexed by seat. */
  roles: Role[];
  tracks: SeatTrack[];
  rounds: VoteRound[];
  toggles: TaskToggleEvent[];
  completions: TaskCompleteEvent[];
  kills: KillEvent[];
  end: GameEndEvent | null;
  /** Env steps played: the `t` of `game_end`, else the largest `t` seen. */
  length: number;
}

export function indexEpisode(events: readonly SocialGridEvent[]): EpisodeIndex {
  const start = events.find((e): e is GameStartEvent => e.type === "game_start");
  if (!start) throw new Error("episode log has no game_start event");

  const roles: Role[] = [];
  const tracks: SeatTrack[] = [];
  for (const p of start.players) {
    roles[p.seat] = p.role;
    tracks[p.seat] = { seat: p.seat, role: p.role, start: { x: p.start.x, y: p.start.y, facing: p.facing }, steps: [] };
  }

  const rounds: VoteRound[] = [];
  const roundByNumber = new Map<number, VoteRound>();
  const roundOf = (round: number, t: number): VoteRound => {
    let r = roundByNumber.get(round);
    if (!r) {
      r = { round, t, alive: [], taskCompletion: 0, votes: [], result: null };
      roundByNumber.set(round, r);
      rounds.push(r);
    }
    return r;
  };

  const toggles: TaskToggleEvent[] = [];
  const completions: TaskCompleteEvent[] = [];
  const kills: KillEvent[] = [];
  let end: GameEndEvent | null = null;
  let lastT = 0;

  for (const e of events) {
    if (e.t > lastT) lastT = e.t;
    switch (e.type) {
      case "step":
        for (let i = 0; i < e.acts.length; i++) {
          const act = e.acts[i];
          tracks[act[0]].steps.push({ t: e.t, action: act[1], ok: act[2] === 1, x: act[3], y: act[4], facing: act[5] });
        }
        break;
      case "task_toggle":
        toggles.push(e);
        break;
      case "task_complete":
        completions.push(e);
        break;
      case "kill":
        kills.push(e);
        break;
      case "vote_start": {
        const r = roundOf(e.round, e.t);
        r.t = e.t;
        r.alive = e.alive;
        r.taskCompletion = e.taskCompletion;
        break;
      }
      case "vote":
        roundOf(e.round, e.t).votes.push(e);
        break;
      case "vote_result":
        roundOf(e.round, e.t).result = e;
        break;
      case "game_end":
        end = e;
        break;
    }
  }

  return { start, roles, tracks, rounds, toggles, completions, kills, end, length: end ? end.t : lastT };
}

/** The pose of a track before its `i`-th step. */
export const poseBefore = (track: SeatTrack, i: number): Pose => (i === 0 ? track.start : track.steps[i - 1]);
