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
import type { SocialGridConfig } from "./config";
import { mapIndex, type MapIndex } from "./map";
import { sightFor, type Sight } from "./visibility";

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

interface Board {
  index: MapIndex;
  doors: Point[];
  sightConfig: { observation: "fov" | "global"; fovRadius: number };
  poses: Point[];
  alive: boolean[];
  doorsOpen: boolean[];
  corpses: Array<{ seat: number; x: number; y: number }>;
}

export class SocialGridPov {
  private board: Board | null = null;

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
    switch (event.type) {
      case "game_start":
        return this.start(event);
      case "vote": {
        if (event.seat === this.seat) return event;
        const { type, t, round, seat, vote } = event;
        return { type, t, round, seat, vote };
      }
      case "vote_result": {
        const board = this.board;
        if (board && event.ejected !== null) board.alive[event.ejected] = false;
        // A vote removes every corpse.
        if (board) board.corpses = [];
        const { rewards, ...rest } = event;
        return { ...rest, reward: rewards[this.seat] ?? 0 };
      }
      case "vote_start":
      case "statement":
      case "game_end":
        return event;
      default:
        // A detail without its step (not produced by the engine): nothing to judge its visibility by.
        return HIDDEN;
    }
  }

  private start(event: GameStartEvent): PovGameStartEvent {
    const index = mapIndex(event.map);
    // The config as parsed: defaults filled.
    const { observation, fovRadius } = event.config as unknown as SocialGridConfig;
    const board: Board = {
      index,
      doors: event.map.doors.map((d) => d.pos),
      sightConfig: { observation, fovRadius },
      poses: event.players.map((p) => ({ ...p.start })),
      alive: event.players.map(() => true),
      doorsOpen: event.map.doors.map(() => false),
      corpses: [],
    };
    this.board = board;
    const own = event.players[this.seat];
    const knowsRoles = own.role === "impostor";
    const sight = this.sight(board);
    const { seed: _seed, players, ...rest } = event;
    return {
      ...rest,
      pov: this.seat,
      players: players.map((p) => {
        if (p.seat === this.seat) return p;
        const seen = sight.canSee(own.start, p.start.x, p.start.y);
        return {
          seat: p.seat,
          name: p.name,
          role: knowsRoles ? p.role : UNKNOWN_ROLE,
          ...(seen && { start: p.start, facing: p.facing }),
          tasks: [],
        };
      }),
    };
  }

  private envStep(step: StepEvent, details: readonly SocialGridEvent[]): PovEvent[] {
    const board = this.board;
    if (!board) return [HIDDEN, ...details.map(() => HIDDEN)];
    for (const [seat, , , x, y] of step.acts) board.poses[seat] = { x, y };
    for (const d of details) {
      if (d.type === "door") board.doorsOpen[d.door] = d.open;
      if (d.type === "kill") {
        board.alive[d.victim] = false;
        board.corpses.push({ seat: d.victim, x: d.pos.x, y: d.pos.y });
      }
    }

    const me = this.seat;
    const inView = this.inView(board);
    const sees: PovSight = {
      doors: board.doors.flatMap(
        (pos, door): Array<[number, boolean]> => (inView(pos) ? [[door, board.doorsOpen[door]]] : []),
      ),
      corpses: board.corpses.filter((c) => inView(c)).map((c): [number, number, number] => [c.seat, c.x, c.y]),
    };
    const seesPlayer = (seat: number) => seat === me || (board.alive[seat] && inView(board.poses[seat]));
    const { rewards, ...rest } = step;
    const own: PovStepEvent = {
      ...rest,
      acts: step.acts.filter(([seat]) => seesPlayer(seat)),
      reward: rewards[me] ?? 0,
      sees,
    };

    return [
      own,
      ...details.map((d): PovEvent => {
        switch (d.type) {
          case "door":
            return d.seat === me || inView(board.doors[d.door]) ? d : HIDDEN;
          case "task_toggle":
          case "task_complete":
            return d.seat === me ? d : HIDDEN;
          case "kill":
            if (d.killer !== me && d.victim !== me && !d.witnesses.includes(me)) return HIDDEN;
            return { ...d, witnesses: d.witnesses.filter((w) => w === me || seesPlayer(w)) };
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

  /** Whether a tile is in the seat's view as the board is now (nothing while dead). */
  private inView(board: Board): (tile: Point) => boolean {
    if (!board.alive[this.seat]) return () => false;
    const sight = this.sight(board);
    const from = board.poses[this.seat];
    return (tile) => sight.canSee(from, tile.x, tile.y);
  }

  private sight(board: Board): Sight {
    return sightFor(board.index, board.doorsOpen, board.sightConfig);
  }
}
