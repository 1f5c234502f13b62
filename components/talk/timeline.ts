/**
 * The shared machinery of the talk games' timelines: one frame per round of decisions (frame 0 is the
 * setup), each holding the game's board as of that frame (phase, who is alive, known roles, suspicion; the
 * game's board reducer folds the log) plus the transcript and vote counts. Frames share what did not
 * change, so keeping every frame is cheap and seeking is a lookup. A game's subclass reads its own engine
 * events in `apply` for what the board does not hold: the transcript, votes, notes and markers.
 */
import type { GameEvent } from "@/engine/core/game";
import type { BoardReducer } from "@/engine/core/module";
import type { DecisionsEvent, LoggedEvent } from "@/lib/arena/events";
import {
  FrameCutter,
  frameContainingSeq,
  LogBook,
  type Marker,
  type MarkerKind,
  roundLatencyMs,
} from "@/lib/viewer/timeline";
import type { TalkFrame, TalkPhase, TalkSeat, TalkTimeline, TalkVote, TranscriptLine } from "./types";

/** A player's view (`?pov=`) gives the roles it does not know as null. */
export const shownRole = (role: string | null) => role ?? "unknown";

/** What the shared frames read from a talk game's board. */
export interface TalkBoard {
  phase: TalkPhase;
  roles: readonly (string | null)[];
  /** The suspicion matrix, rows null where the log does not tell them; absent for games without one. */
  suspicion?: readonly (readonly number[] | null)[];
}

export abstract class TalkTimelineBase<B extends TalkBoard> implements TalkTimeline {
  readonly book = new LogBook();
  version = 0;
  seats: TalkSeat[] = [];
  readonly transcript: TranscriptLine[] = [];
  readonly votes: TalkVote[] = [];
  abstract readonly evilRole: string;
  /** The board as of the last applied event. */
  protected board: B;
  private readonly frames: TalkFrame[] = [];
  private readonly cutter = new FrameCutter();
  private readonly markerList: Marker[] = [];

  constructor(private readonly reducer: BoardReducer<B>) {
    this.board = reducer.empty();
  }

  get frameCount(): number {
    return this.frames.length;
  }

  get lastSeq(): number {
    return this.book.lastSeq;
  }

  append(entries: readonly LoggedEvent[]): void {
    for (const entry of entries) {
      this.book.add(entry);
      const event = entry.payload;
      if (this.cutter.feed(event)) this.startFrame(entry.seq);
      if (event.type === "decisions") {
        const decisions = event as DecisionsEvent;
        this.update({
          round: decisions.round,
          acting: Object.keys(decisions.decisions).map(Number),
          latencyMs: roundLatencyMs(decisions),
        });
      } else if (event.type !== "agent_error") {
        const before = this.board;
        this.board = this.reducer.apply(before, event);
        this.apply(event);
        if (this.board !== before) this.fromBoard();
      }
    }
    if (entries.length > 0) this.version += 1;
  }

  /** Whether a seat is still in the game, by the board. */
  protected abstract isAlive(board: B, seat: number): boolean;

  /** Reads one engine event (already on the board) into the current frame: lines, votes, notes, markers. */
  protected abstract apply(event: GameEvent): void;

  protected get current(): TalkFrame {
    return this.frames[this.frames.length - 1];
  }

  protected get currentIndex(): number {
    return this.frames.length - 1;
  }

  protected update(change: Partial<Omit<TalkFrame, "index" | "firstSeq">>) {
    Object.assign(this.current, change);
  }

  protected banner(banner: string) {
    this.update({ banner });
  }

  protected addLine(line: Omit<TranscriptLine, "frame">): TranscriptLine {
    const full = { ...line, frame: this.currentIndex };
    this.transcript.push(full);
    this.update({ lines: this.transcript.length });
    return full;
  }

  protected addVote(vote: Omit<TalkVote, "frame">) {
    this.votes.push({ ...vote, frame: this.currentIndex });
    this.update({ votes: this.votes.length });
  }

  protected mark(kind: MarkerKind, label: string) {
    this.markerList.push({ frame: this.currentIndex, kind, label });
  }

  protected nameOf(seat: number | null): string {
    return seat === null ? "nobody" : (this.seats[seat]?.name ?? `seat ${seat}`);
  }

  /** The frame's board facts: phase, who is alive, the roles known so far and the suspicion matrix. */
  private fromBoard() {
    const board = this.board;
    this.update({
      phase: board.phase,
      alive: board.roles.map((_, seat) => this.isAlive(board, seat)),
      roles: board.roles.map(shownRole),
      suspicion: board.suspicion ?? null,
    });
  }

  private startFrame(firstSeq: number) {
    const previous = this.frames[this.frames.length - 1];
    this.frames.push(
      previous
        ? { ...previous, index: this.frames.length, firstSeq, acting: [], latencyMs: 0 }
        : {
            index: 0,
            firstSeq,
            round: 0,
            phase: "setup",
            banner: "Setup",
            alive: [],
            roles: [],
            lines: 0,
            votes: 0,
            suspicion: null,
            acting: [],
            note: null,
            latencyMs: 0,
          },
    );
  }

  frame(index: number): TalkFrame | undefined {
    return this.frames[index];
  }

  markers(): readonly Marker[] {
    return this.markerList;
  }

  frameOfSeq(seq: number): number {
    return frameContainingSeq(this.frames, seq);
  }

  describe(frame: number): string {
    return this.frames[frame]?.banner ?? "";
  }

  decisionMs(frame: number): number {
    return this.frames[frame]?.latencyMs ?? 0;
  }
}
