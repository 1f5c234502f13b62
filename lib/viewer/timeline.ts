/**
 * What every episode viewer shares, whatever the game: the log cut into frames (the steps of the
 * timeline), markers on it, and incremental growth while an episode is live. A game's timeline adds its
 * own per-frame state on top (see components/games/socialgrid/timeline.ts).
 */
import type { GameEvent } from "@/engine/core/game";
import type { AgentErrorEvent, DecisionsEvent, LoggedEvent } from "@/lib/arena/events";

export type MarkerKind = "kill" | "report" | "meeting" | "ejection" | "end";

export interface Marker {
  frame: number;
  kind: MarkerKind;
  label: string;
}

export interface Timeline {
  /** Frames so far (1 once the setup events arrived, 0 before). */
  readonly frameCount: number;
  /** The last seq applied; the next `append` must start right after it. */
  readonly lastSeq: number;
  /** Bumped by every `append`, so views can tell that something changed. */
  readonly version: number;
  append(events: readonly LoggedEvent[]): void;
  markers(): readonly Marker[];
  /** The frame that shows the event `seq`. */
  frameOfSeq(seq: number): number;
  /** A short description of a frame for the step counter and screen readers, e.g. "env step 120". */
  describe(frame: number): string;
  /** How long the agents took to decide the frame (its "real time" duration), in ms. */
  decisionMs(frame: number): number;
}

const isRuntime = (e: GameEvent) => e.type === "decisions" || e.type === "agent_error";

/**
 * Cuts a log into frames: frame 0 is the setup; each round (its agent errors, decisions and engine events)
 * starts a new frame; `splitsFrame` lets a game cut a round further (SocialGrid: one frame per env step of
 * a macro round). Events are fed in seq order; the log may stop in the middle of a round (live episodes).
 */
export class FrameCutter {
  private frames = 0;
  private round = 0;
  private engineEventsInFrame = 0;

  constructor(private readonly splitsFrame: (event: GameEvent, engineEventsInFrame: number) => boolean = () => false) {}

  /** Feeds the next event; true when it starts a new frame (whose index is then `count - 1`). */
  feed(event: GameEvent): boolean {
    // What a player's view hides (`{ type: "hidden" }`, runtime or engine event alike) stays in the current frame.
    if (event.type === "hidden") return false;
    let cut = this.frames === 0;
    if (isRuntime(event)) {
      // Rounds are told apart by number: in a player's view a round may show no engine event at all.
      const { round } = event as DecisionsEvent | AgentErrorEvent;
      cut ||= round !== this.round;
      this.round = round;
    } else if (!cut) cut = this.splitsFrame(event, this.engineEventsInFrame);
    if (cut) {
      this.frames += 1;
      this.engineEventsInFrame = 0;
    }
    if (!isRuntime(event)) this.engineEventsInFrame += 1;
    return cut;
  }

  get count(): number {
    return this.frames;
  }
}

/** The frame that shows the event `seq`: the last frame starting at or before it (frames are in seq order). */
export function frameContainingSeq(frames: ReadonlyArray<{ firstSeq: number }>, seq: number): number {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid].firstSeq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The longest decision latency of a round: how long the round took to decide. */
export function roundLatencyMs(event: DecisionsEvent): number {
  let max = 0;
  for (const meta of Object.values(event.seats ?? {})) max = Math.max(max, meta?.latencyMs ?? 0);
  return max;
}

/** Log lookups shared by game timelines: events by seq, decisions per seat, agent errors per round and seat. */
export class LogBook {
  /** `events[seq - 1]`. */
  readonly events: GameEvent[] = [];
  private readonly errors = new Map<string, AgentErrorEvent>();

  get lastSeq(): number {
    return this.events.length;
  }

  add(entry: LoggedEvent) {
    if (entry.seq !== this.events.length + 1) {
      throw new Error(`expected event ${this.events.length + 1}, got ${entry.seq}`);
    }
    this.events.push(entry.payload);
    if (entry.payload.type === "agent_error") {
      const error = entry.payload as AgentErrorEvent;
      this.errors.set(`${error.round}:${error.seat}`, error);
    }
  }

  event(seq: number): GameEvent | undefined {
    return this.events[seq - 1];
  }

  errorOf(round: number, seat: number): AgentErrorEvent | undefined {
    return this.errors.get(`${round}:${seat}`);
  }
}
