/**
 * The timeline of a game without its own renderer in the client registry: one frame per round, the events
 * of each frame listed as they are.
 */
import type { DecisionsEvent, LoggedEvent } from "@/lib/arena/events";
import { FrameCutter, frameContainingSeq, LogBook, roundLatencyMs, type Marker, type Timeline } from "./timeline";

interface GenericFrame {
  firstSeq: number;
  round: number;
  latencyMs: number;
}

export class GenericTimeline implements Timeline {
  readonly book = new LogBook();
  version = 0;
  private readonly frames: GenericFrame[] = [];
  private readonly cutter = new FrameCutter();
  private readonly markerList: Marker[] = [];
  private round = 0;

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
      if (this.cutter.feed(event)) this.frames.push({ firstSeq: entry.seq, round: this.round, latencyMs: 0 });
      const frame = this.frames[this.frames.length - 1];
      if (event.type === "decisions") {
        this.round = (event as DecisionsEvent).round;
        frame.round = this.round;
        frame.latencyMs = roundLatencyMs(event as DecisionsEvent);
      }
      if (event.type === "game_end")
        this.markerList.push({ frame: this.frames.length - 1, kind: "end", label: "Game over" });
    }
    if (entries.length > 0) this.version += 1;
  }

  markers(): readonly Marker[] {
    return this.markerList;
  }

  frameOfSeq(seq: number): number {
    return frameContainingSeq(this.frames, seq);
  }

  /** Seqs of a frame's events: [first, last]. */
  seqRange(frame: number): [number, number] {
    const f = this.frames[frame];
    if (!f) return [1, 0];
    const next = this.frames[frame + 1];
    return [f.firstSeq, next ? next.firstSeq - 1 : this.book.lastSeq];
  }

  describe(frame: number): string {
    const f = this.frames[frame];
    return f ? (f.round === 0 ? "setup" : `round ${f.round}`) : "";
  }

  decisionMs(frame: number): number {
    return this.frames[frame]?.latencyMs ?? 0;
  }
}
