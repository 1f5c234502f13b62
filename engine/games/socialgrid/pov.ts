/**
 * One player's view of the SocialGrid event log (the `?pov=<seat>` stream, docs/EPISODE_LOG.md): the god
 * log folded round by round into what that seat observes — exactly what its `playerView` shows after each
 * env step, nothing more. Each input event gives one output event (a reduced copy or `{ type: "hidden" }`),
 * so sequence numbers stay gap-free.
 *
 * Sight depends on the doors and deaths of the whole env step, whose events follow the `step` event, so the
 * filter takes whole rounds: every event of one `step()` call in one `redact` call (the runner commits and
 * publishes whole rounds).
 */
import { foldBoard } from "../../core/module";
import { socialGridBoard, visibleTo } from "./board";
import type {
  Facing,
  GameStartEvent,
  Point,
  Role,
  SocialGridEvent,
  StepEvent,
  TaskAssignment,
  VoteEvent,
} from "./events";

export const UNKNOWN_ROLE = "unknown";

export interface PovPlayerInfo {
  seat: number;
  name: string;
  /** Own role; every role for an impostor (it knows its teammates); "unknown" otherwise. */
  role: Role | typeof UNKNOWN_ROLE;
  /** Spawn and facing: own, and of those in view at the start. */
  start?: Point;
  facing?: Facing;
  /** Own tasks only. */
  tasks: TaskAssignment[];
}

/** `game_start` without the seed (it would reveal every role and spawn) and with the others' secrets removed. */
export interface PovGameStartEvent extends Omit<GameStartEvent, "players" | "seed"> {
  /** The seat whose view this is. */
  pov: number;
  players: PovPlayerInfo[];
}

/** What the seat observes at the end of an env step. */
export interface PovSight {
  /** [door, open] of every door in view. */
  doors: Array<[number, boolean]>;
  /** [seat, x, y] of every corpse in view. */
  corpses: Array<[number, number, number]>;
}

/** `step` with the acts of oneself and of the live players in view afterwards, and only one's own reward. */
export interface PovStepEvent extends Omit<StepEvent, "rewards"> {
  reward: number;
  sees: PovSight;
}

/** Someone else's vote: the target only (public after the tally); thought and trust scores stay private. */
export type PovVoteEvent = Pick<VoteEvent, "type" | "t" | "round" | "seat" | "vote"> & Partial<VoteEvent>;

export interface HiddenEvent {
  type: "hidden";
}

export type PovEvent =
  | PovGameStartEvent
  | PovStepEvent
  | PovVoteEvent
  | Exclude<SocialGridEvent, { type: "game_start" | "step" | "vote" | "vote_result" }>
  | (Omit<Extract<SocialGridEvent, { type: "vote_result" }>, "rewards"> & { reward: number })
  | HiddenEvent;

const HIDDEN: HiddenEvent = Object.freeze({ type: "hidden" });

/** Detail events of an env step: they follow its `step` event. */
const STEP_DETAILS: ReadonlySet<string> = new Set(["door", "task_toggle", "task_complete", "kill", "report", "button"]);

export class SocialGridPov {
  /** The god board as of the events redacted so far. */
  private board = socialGridBoard.empty();

  constructor(readonly seat: number) {}

  /** The seat's view of the next events of the log; they must be whole rounds, in order. */
  redact(events: readonly SocialGridEvent[]): PovEvent[] {
    const out: PovEvent[] = [];
    for (let i = 0; i < events.length; ) {
      const event = events[i];
      if (event.type !== "step") {
        out.push(this.other(event));
        i += 1;
        continue;
      }
      let end = i + 1;
      while (end < events.length && STEP_DETAILS.has(events[end].type)) end += 1;
      out.push(...this.envStep(event, events.slice(i + 1, end)));
      i = end;
    }
    return out;
  }

  private other(event: SocialGridEvent): PovEvent {
    if (event.type === "game_start") {
      this.board = socialGridBoard.apply(this.board, event);
      return this.start(event);
    }
    // A detail without its step is not produced by the engine: nothing to judge its visibility by.
    if (STEP_DETAILS.has(event.type) || !this.board.start) return HIDDEN;
    this.board = socialGridBoard.apply(this.board, event);
    switch (event.type) {
      case "vote": {
        if (event.seat === this.seat) return event;
        const { type, t, round, seat, vote } = event;
        return { type, t, round, seat, vote };
      }
      case "vote_result": {
        const { rewards, ...rest } = event;
        return { ...rest, reward: rewards[this.seat] ?? 0 };
      }
      default:
        return event as PovEvent;
    }
  }

  private start(event: GameStartEvent): PovGameStartEvent {
    const own = event.players[this.seat];
    const knowsRoles = own.role === "impostor";
    const seen = new Set(visibleTo(this.board, this.seat).players);
    const { seed: _seed, players, ...rest } = event;
    return {
      ...rest,
      pov: this.seat,
      players: players.map((p) => {
        if (p.seat === this.seat) return p;
        return {
          seat: p.seat,
          name: p.name,
          role: knowsRoles ? p.role : UNKNOWN_ROLE,
          ...(seen.has(p.seat) && { start: p.start, facing: p.facing }),
          tasks: [],
        };
      }),
    };
  }

  /** An env step and its details, judged by what the seat sees once the whole step (doors, kills) is done. */
  private envStep(step: StepEvent, details: readonly SocialGridEvent[]): PovEvent[] {
    if (!this.board.start) return [HIDDEN, ...details.map(() => HIDDEN)];
    this.board = foldBoard(socialGridBoard, [step, ...details], this.board);
    const me = this.seat;
    const sight = visibleTo(this.board, me);
    const inView = new Set([me, ...sight.players]);
    const sees: PovSight = {
      doors: sight.doors,
      corpses: sight.corpses.map((c): [number, number, number] => [c.seat, c.x, c.y]),
    };
    const { rewards, ...rest } = step;
    const own: PovStepEvent = {
      ...rest,
      acts: step.acts.filter(([seat]) => inView.has(seat)),
      reward: rewards[me] ?? 0,
      sees,
    };
    const doors = this.board.start!.map.doors;
    return [
      own,
      ...details.map((d): PovEvent => {
        switch (d.type) {
          case "door":
            return d.seat === me || sight.canSee(doors[d.door].pos) ? d : HIDDEN;
          case "task_toggle":
          case "task_complete":
            return d.seat === me ? d : HIDDEN;
          case "kill":
            if (d.killer !== me && d.victim !== me && !d.witnesses.includes(me)) return HIDDEN;
            return { ...d, witnesses: d.witnesses.filter((w) => inView.has(w)) };
          case "report":
          case "button":
            // They start a meeting that everyone attends.
            return d;
          default:
            return HIDDEN;
        }
      }),
    ];
  }
}
