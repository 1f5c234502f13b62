/**
 * The shared machinery of the talk games' timelines: one frame per round of decisions (frame 0 is the
 * setup), each a snapshot of phase, living seats, transcript and vote counts and the suspicion matrix.
 * Snapshots share what did not change, so keeping every frame is cheap and seeking is a lookup. A game's
 * subclass reads its own engine events in `apply`.
 */
import type { GameEvent } from "@/engine/core/game";
import type { DecisionsEvent, LoggedEvent } from "@/lib/arena/events";
import { FrameCutter, frameContainingSeq, LogBook, roundLatencyMs, type Marker, type MarkerKind } from "../timeline";
import type { TalkFrame, TalkPhase, TalkSeat, TalkTimeline, TalkVote, TranscriptLine } from "./types";

/** A player's view (`?pov=`) gives the roles it does not know as null. */
export const shownRole = (role: string | null) => role ?? "unknown";

export abstract class TalkTimelineBase implements TalkTimeline {
  readonly book = new LogBook();
  version = 0;
  seats: TalkSeat[] = [];
  readonly transcript: TranscriptLine[] = [];
  readonly votes: TalkVote[] = [];
  private readonly frames: TalkFrame[] = [];
  private readonly cutter = new FrameCutter();
  private readonly markerList: Marker[] = [];

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
        this.apply(event);
      }
    }
    if (entries.length > 0) this.version += 1;
  }

  /** Reads one engine event into the current frame. */
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

  protected setPhase(phase: TalkPhase, banner: string) {
    this.update({ phase, banner });
  }

  protected kill(seat: number | null) {
    if (seat === null || !this.current.alive[seat]) return;
    const alive = [...this.current.alive];
    alive[seat] = false;
    this.update({ alive });
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
