/**
 * A SocialGrid episode as the viewer needs it: per frame, the engine's board as of that frame (every frame
 * is a keyframe: boards share everything that did not change, so keeping them all is cheap and seeking to any
 * step is a lookup), plus what the frame itself shows (its env step's actions, kills and reports, the latest
 * decision of each seat). Built in one pass over the event log with the game's board reducer (no engine
 * replay, so it shows exactly what was recorded); grows event by event while an episode is live.
 *
 * It reads the god log and a player's view of it (`?pov=<seat>`) alike, as the board does; `hidden` events
 * are ignored.
 */
import type { GameEvent } from "@/engine/core/game";
import {
  type BoardCorpse as Corpse,
  type BoardPhase as PhaseKind,
  type Fate,
  type SocialGridBoard,
  socialGridBoard,
} from "@/engine/games/socialgrid/board";
import type {
  GameEndEvent,
  GameStartEvent,
  KillEvent,
  ReportEvent,
  SocialGridEvent,
  StatementEvent,
  VoteReason,
  VoteResultEvent,
} from "@/engine/games/socialgrid/events";
import type { PovEvent, PovGameStartEvent, PovPlayerInfo, PovVoteEvent } from "@/engine/games/socialgrid/pov";
import type { AgentErrorEvent, DecisionsEvent, LoggedEvent, SeatDecisionMeta } from "@/lib/arena/events";
import {
  FrameCutter,
  frameContainingSeq,
  LogBook,
  type Marker,
  roundLatencyMs,
  type Timeline,
} from "@/lib/viewer/timeline";

/** A role as the log shows it: "unknown" for the others in a crewmate's view. */
export type ShownRole = PovPlayerInfo["role"];
export type { Corpse, Fate, PhaseKind };

export interface SocialGridFrame {
  index: number;
  /** The board at the end of the frame. */
  board: SocialGridBoard;
  /** Env steps completed. */
  t: number;
  phase: PhaseKind;
  /** The voting phase in progress or decided in this frame; 0 outside meetings. */
  meeting: number;
  firstSeq: number;
  lastSeq: number;
  /** The board's: x, y, facing (100-103) per seat; in a player's view, where each was last seen. */
  poses: Int16Array;
  /** The board's: in a player's view, per seat, whether it is in view. Null in the god log. */
  inView: readonly boolean[] | null;
  fates: readonly Fate[];
  doorsOpen: readonly boolean[];
  corpses: readonly Corpse[];
  progress: readonly (readonly number[])[];
  /** This frame's env step: per seat [action, ok], action -1 when the seat did not act. Null without an env step. */
  acts: Int16Array | null;
  /** Per seat, the seq of the latest `decisions` event holding a decision of that seat (0: none yet). */
  decisionSeq: Int32Array;
  kills: readonly KillEvent[];
  reports: readonly ReportEvent[];
  /** Slowest agent of the frame's round, ms. */
  latencyMs: number;
}

export interface Meeting {
  round: number;
  reason: VoteReason;
  caller: number | null;
  body: number | null;
  t: number;
  taskCompletion: number;
  alive: number[];
  /** Frame in which the meeting was called, and the one in which the votes were counted (null until then). */
  startFrame: number;
  endFrame: number | null;
  statements: StatementEvent[];
  /** Others' votes in a player's view carry only their target. */
  votes: PovVoteEvent[];
  result: Omit<VoteResultEvent, "rewards"> | null;
}

export interface SeatDecision {
  round: number;
  decision: unknown;
  meta: SeatDecisionMeta | undefined;
  error: AgentErrorEvent | undefined;
}

export const playerName = (seat: number) => `Player_${seat}`;

/** Whether a seat is drawn in a frame: alive as far as the log tells, and in view. */
export const isDrawn = (frame: SocialGridFrame, seat: number) =>
  frame.fates[seat] === "alive" && (frame.inView?.[seat] ?? true);

const WINNERS = { crew: "Crew", impostors: "Impostors" } as const;

export class SocialGridTimeline implements Timeline {
  readonly book = new LogBook();
  end: GameEndEvent | null = null;
  readonly meetings: Meeting[] = [];
  version = 0;

  private readonly frames: SocialGridFrame[] = [];
  private readonly markerList: Marker[] = [];
  private readonly cutter = new FrameCutter(
    (event, engineEvents) => event.type === "step" && engineEvents > 0 && this.hasStep,
  );
  private votes = 0;

  // The board as of the last applied event and what the current frame shows besides it.
  private board: SocialGridBoard = socialGridBoard.empty();
  private current = -1;
  private hasStep = false;
  private meeting = 0;
  private firstSeq = 1;
  private acts: Int16Array | null = null;
  private decisionSeq = new Int32Array(0);
  private kills: KillEvent[] = [];
  private reports: ReportEvent[] = [];
  private latencyMs = 0;

  get start(): GameStartEvent | PovGameStartEvent | null {
    return this.board.start;
  }

  /** The seat whose view the log is; null for the god log. */
  get pov(): number | null {
    return this.board.pov;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  get lastSeq(): number {
    return this.book.lastSeq;
  }

  get seats(): number {
    return this.start?.players.length ?? 0;
  }

  /** Roles by seat (the same array until the game starts over, so views can memoise on it). */
  roles: ShownRole[] = [];

  /** Votes cast so far, over all meetings: changes only when a vote arrives. */
  get voteCount(): number {
    return this.votes;
  }

  frame(index: number): SocialGridFrame {
    return this.frames[Math.max(0, Math.min(this.frames.length - 1, index))];
  }

  markers(): readonly Marker[] {
    return this.markerList;
  }

  append(entries: readonly LoggedEvent[]): void {
    if (entries.length === 0) return;
    for (const entry of entries) {
      const event = entry.payload;
      if (this.cutter.feed(event)) {
        if (this.current >= 0) this.snapshot();
        this.beginFrame(entry.seq);
      }
      this.book.add(entry);
      this.apply(event, entry.seq);
    }
    this.snapshot();
    this.version += 1;
  }

  frameOfSeq(seq: number): number {
    return frameContainingSeq(this.frames, seq);
  }

  describe(index: number): string {
    const f = this.frames[index];
    if (!f) return "";
    const parts = [`env step ${f.t}`];
    if (f.meeting > 0)
      parts.push(
        `meeting ${f.meeting}${f.phase === "discussion" ? " (discussion)" : f.phase === "vote" ? " (voting)" : ""}`,
      );
    if (f.phase === "over") parts.push("game over");
    return parts.join(" · ");
  }

  decisionMs(index: number): number {
    return this.frames[index]?.latencyMs ?? 0;
  }

  /** The latest decision of a seat as of a frame: what it was given, its status and thought, and its error if it failed. */
  decisionAt(index: number, seat: number): SeatDecision | null {
    const seq = this.frame(index)?.decisionSeq[seat] ?? 0;
    if (seq === 0) return null;
    const event = this.book.event(seq) as DecisionsEvent;
    return {
      round: event.round,
      decision: event.decisions[String(seat)],
      meta: event.seats[String(seat)],
      error: this.book.errorOf(event.round, seat),
    };
  }

  /** In a player's view: the last frame up to `index` with the seat in view, or null if none. */
  lastSeen(index: number, seat: number): number | null {
    for (let i = Math.min(index, this.frames.length - 1); i >= 0; i--) if (this.frames[i].inView?.[seat]) return i;
    return null;
  }

  /** Meetings called at or before a frame. */
  meetingsUpTo(index: number): Meeting[] {
    return this.meetings.filter((m) => m.startFrame <= index);
  }

  private beginFrame(seq: number) {
    this.current += 1;
    this.firstSeq = seq;
    this.hasStep = false;
    this.acts = null;
    this.kills = [];
    this.reports = [];
    this.latencyMs = 0;
    if (this.board.phase === "task") this.meeting = 0;
  }

  private snapshot() {
    const board = this.board;
    this.frames[this.current] = {
      index: this.current,
      board,
      t: board.t,
      phase: board.phase,
      meeting: this.meeting,
      firstSeq: this.firstSeq,
      lastSeq: this.book.lastSeq,
      poses: board.poses,
      inView: board.inView,
      fates: board.fates,
      doorsOpen: board.doorsOpen,
      corpses: board.corpses,
      progress: board.progress,
      acts: this.acts,
      decisionSeq: this.decisionSeq.slice(),
      kills: this.kills,
      reports: this.reports,
      latencyMs: this.latencyMs,
    };
  }

  private apply(raw: GameEvent, seq: number) {
    const event = raw as SocialGridEvent | PovEvent | DecisionsEvent | AgentErrorEvent;
    if (event.type === "decisions") {
      for (const seat of Object.keys(event.decisions)) this.decisionSeq[Number(seat)] = seq;
      this.latencyMs = Math.max(this.latencyMs, roundLatencyMs(event));
      return;
    }
    this.board = socialGridBoard.apply(this.board, event);
    switch (event.type) {
      case "game_start":
        this.roles = event.players.map((p) => p.role);
        this.decisionSeq = new Int32Array(event.players.length);
        return;
      case "step": {
        this.hasStep = true;
        const acts = new Int16Array(this.seats * 2).fill(-1);
        for (const [seat, action, ok] of event.acts) {
          acts[seat * 2] = action;
          acts[seat * 2 + 1] = ok;
        }
        this.acts = acts;
        return;
      }
      case "kill":
        this.kills = [...this.kills, event];
        this.markerList.push({
          frame: this.current,
          kind: "kill",
          label: `${playerName(event.killer)} killed ${playerName(event.victim)}`,
        });
        return;
      case "report":
        this.reports = [...this.reports, event];
        return;
      case "vote_start":
        return this.startMeeting(event);
      case "statement":
        this.meetingOf(event.round)?.statements.push(event);
        return;
      case "vote":
        this.meetingOf(event.round)?.votes.push(event);
        this.votes += 1;
        return;
      case "vote_result": {
        const meeting = this.meetingOf(event.round);
        if (meeting) {
          meeting.result = event;
          meeting.endFrame = this.current;
        }
        if (event.ejected !== null) {
          this.markerList.push({
            frame: this.current,
            kind: "ejection",
            label: `Meeting ${event.round}: ${playerName(event.ejected)} ejected`,
          });
        }
        return;
      }
      case "game_end":
        this.end = event;
        this.markerList.push({
          frame: this.current,
          kind: "end",
          label: `${WINNERS[event.winner]} win (${event.reason.replaceAll("_", " ")})`,
        });
        return;
    }
  }

  private startMeeting(event: Extract<SocialGridEvent, { type: "vote_start" }>) {
    this.meeting = event.round;
    const caller = event.caller ?? null;
    const body = event.reason === "report" ? (this.reports.findLast((r) => r.seat === caller)?.body ?? null) : null;
    this.meetings.push({
      round: event.round,
      reason: event.reason,
      caller,
      body,
      t: event.t,
      taskCompletion: event.taskCompletion,
      alive: event.alive,
      startFrame: this.current,
      endFrame: null,
      statements: [],
      votes: [],
      result: null,
    });
    const why =
      event.reason === "report" && caller !== null
        ? `${playerName(caller)} reported ${body === null ? "a body" : `${playerName(body)}'s body`}`
        : event.reason === "button" && caller !== null
          ? `emergency button by ${playerName(caller)}`
          : "scheduled";
    this.markerList.push({
      frame: this.current,
      kind: event.reason === "report" ? "report" : "meeting",
      label: `Meeting ${event.round}: ${why}`,
    });
  }

  private meetingOf(round: number): Meeting | undefined {
    return this.meetings.findLast((m) => m.round === round);
  }
}
