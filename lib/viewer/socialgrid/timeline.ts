/**
 * A SocialGrid episode as the viewer needs it: one immutable snapshot per frame, built in one pass over the
 * event log (no engine replay, so it shows exactly what was recorded, under any ruleset). Snapshots share
 * everything that did not change (doors, corpses, task progress, fates), so keeping every frame is cheap and
 * seeking to any step is a lookup. Grows event by event while an episode is live.
 *
 * It reads the god log and a player's view of it (`?pov=<seat>`, engine/games/socialgrid/pov.ts) alike: in a
 * player's view, others are known where last seen, doors and corpses as last seen, deaths when witnessed, seen
 * as a corpse or missing at a meeting, and `hidden` events are ignored.
 */
import type { GameEvent } from "@/engine/core/game";
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
import type {
  PovEvent,
  PovGameStartEvent,
  PovPlayerInfo,
  PovStepEvent,
  PovVoteEvent,
} from "@/engine/games/socialgrid/pov";
import type { AgentErrorEvent, DecisionsEvent, LoggedEvent, SeatDecisionMeta } from "@/lib/arena/events";
import { FrameCutter, frameContainingSeq, LogBook, roundLatencyMs, type Marker, type Timeline } from "../timeline";

export type Fate = "alive" | "killed" | "ejected";
/** A role as the log shows it: "unknown" for the others in a crewmate's view. */
export type ShownRole = PovPlayerInfo["role"];
export type PhaseKind = "task" | "discussion" | "vote" | "over";

export interface Corpse {
  seat: number;
  x: number;
  y: number;
}

export interface SocialGridFrame {
  index: number;
  /** Env steps completed. */
  t: number;
  phase: PhaseKind;
  /** The voting phase in progress or decided in this frame; 0 outside meetings. */
  meeting: number;
  firstSeq: number;
  lastSeq: number;
  /** x, y, facing (100-103) per seat; in a player's view, where each was last seen. */
  poses: Int16Array;
  /** In a player's view: per seat, whether it is in view (itself, and the others in its step's `acts`). Null in the god log. */
  inView: readonly boolean[] | null;
  fates: readonly Fate[];
  doorsOpen: readonly boolean[];
  corpses: readonly Corpse[];
  /** Toggles done per seat and task, in the order of the seat's tasks in `game_start`. */
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
  start: GameStartEvent | PovGameStartEvent | null = null;
  /** The seat whose view the log is; null for the god log. */
  pov: number | null = null;
  end: GameEndEvent | null = null;
  readonly meetings: Meeting[] = [];
  version = 0;

  private readonly frames: SocialGridFrame[] = [];
  private readonly markerList: Marker[] = [];
  private readonly cutter = new FrameCutter(
    (event, engineEvents) => event.type === "step" && engineEvents > 0 && this.hasStep,
  );
  private taskSlot = new Map<string, number>();
  private votes = 0;

  // The state as of the last applied event; frames are snapshots of it.
  private current = -1;
  private hasStep = false;
  private t = 0;
  private phase: PhaseKind = "task";
  private meeting = 0;
  private firstSeq = 1;
  private poses = new Int16Array(0);
  private inView: boolean[] | null = null;
  private fates: Fate[] = [];
  private doorsOpen: boolean[] = [];
  private corpses: Corpse[] = [];
  private progress: number[][] = [];
  private acts: Int16Array | null = null;
  private decisionSeq = new Int32Array(0);
  private kills: KillEvent[] = [];
  private reports: ReportEvent[] = [];
  private latencyMs = 0;

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
    if (this.phase === "task") this.meeting = 0;
  }

  private snapshot() {
    this.frames[this.current] = {
      index: this.current,
      t: this.t,
      phase: this.phase,
      meeting: this.meeting,
      firstSeq: this.firstSeq,
      lastSeq: this.book.lastSeq,
      poses: this.poses.slice(),
      inView: this.inView,
      fates: this.fates,
      doorsOpen: this.doorsOpen,
      corpses: this.corpses,
      progress: this.progress,
      acts: this.acts,
      decisionSeq: this.decisionSeq.slice(),
      kills: this.kills,
      reports: this.reports,
      latencyMs: this.latencyMs,
    };
  }

  private apply(raw: GameEvent, seq: number) {
    const event = raw as SocialGridEvent | PovEvent | DecisionsEvent | AgentErrorEvent;
    switch (event.type) {
      case "game_start":
        return this.setup(event);
      case "decisions":
        for (const seat of Object.keys(event.decisions)) this.decisionSeq[Number(seat)] = seq;
        this.latencyMs = Math.max(this.latencyMs, roundLatencyMs(event));
        return;
      case "step": {
        this.hasStep = true;
        this.t = event.t;
        const acts = new Int16Array(this.seats * 2).fill(-1);
        for (const [seat, action, ok, x, y, facing] of event.acts) {
          this.poses[seat * 3] = x;
          this.poses[seat * 3 + 1] = y;
          this.poses[seat * 3 + 2] = facing;
          acts[seat * 2] = action;
          acts[seat * 2 + 1] = ok;
        }
        this.acts = acts;
        if ("sees" in event) this.see(event);
        return;
      }
      case "door":
        this.doorsOpen = this.doorsOpen.with(event.door, event.open);
        return;
      case "task_toggle": {
        const slot = this.taskSlot.get(`${event.seat}:${event.task}`);
        if (event.fake || slot === undefined) return;
        this.progress = this.progress.with(event.seat, this.progress[event.seat].with(slot, event.progress));
        return;
      }
      case "kill":
        this.dies(event.victim, event.pos.x, event.pos.y);
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
      case "statement": {
        this.meetingOf(event.round)?.statements.push(event);
        const rounds = Number(this.start?.config.discussionRounds ?? 0);
        this.phase = event.turn < rounds ? "discussion" : "vote";
        return;
      }
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
          this.fates = this.fates.with(event.ejected, "ejected");
          // Ejected, the player sees no one any more.
          if (this.inView && event.ejected === this.pov) this.inView = this.inView.map((_, seat) => seat === this.pov);
          this.markerList.push({
            frame: this.current,
            kind: "ejection",
            label: `Meeting ${event.round}: ${playerName(event.ejected)} ejected`,
          });
        }
        this.corpses = [];
        this.phase = "task";
        return;
      }
      case "game_end":
        this.end = event;
        this.phase = "over";
        this.markerList.push({
          frame: this.current,
          kind: "end",
          label: `${WINNERS[event.winner]} win (${event.reason.replaceAll("_", " ")})`,
        });
        return;
    }
  }

  private setup(start: GameStartEvent | PovGameStartEvent) {
    this.start = start;
    this.pov = "pov" in start ? start.pov : null;
    this.roles = start.players.map((p) => p.role);
    const n = start.players.length;
    this.poses = new Int16Array(n * 3);
    for (const p of start.players) {
      if (p.start && p.facing) {
        this.poses[p.seat * 3] = p.start.x;
        this.poses[p.seat * 3 + 1] = p.start.y;
        this.poses[p.seat * 3 + 2] = p.facing;
      }
      p.tasks.forEach((task, slot) => this.taskSlot.set(`${p.seat}:${task.id}`, slot));
    }
    this.inView = this.pov === null ? null : start.players.map((p) => p.start !== undefined);
    this.fates = start.players.map(() => "alive");
    this.doorsOpen = start.map.doors.map(() => false);
    this.progress = start.players.map((p) => p.tasks.map(() => 0));
    this.decisionSeq = new Int32Array(n);
  }

  /** What a player sees after an env step: who is in view, and the doors and corpses in sight. */
  private see(step: PovStepEvent) {
    const inView = this.fates.map((_, seat) => seat === this.pov);
    for (const [seat] of step.acts) inView[seat] = true;
    this.inView = inView;
    for (const [door, open] of step.sees.doors)
      if (this.doorsOpen[door] !== open) this.doorsOpen = this.doorsOpen.with(door, open);
    for (const [seat, x, y] of step.sees.corpses) this.dies(seat, x, y);
  }

  /** A body at (x, y), from a kill or (in a player's view) seen later; each is counted once. */
  private dies(seat: number, x: number, y: number) {
    if (this.corpses.some((c) => c.seat === seat)) return;
    if (this.fates[seat] === "alive") this.fates = this.fates.with(seat, "killed");
    this.corpses = [...this.corpses, { seat, x, y }];
  }

  private startMeeting(event: Extract<SocialGridEvent, { type: "vote_start" }>) {
    // The meeting shows who is still alive: in a player's view, deaths it had not seen become known here.
    const unseenDeath = (fate: Fate, seat: number) => fate === "alive" && !event.alive.includes(seat);
    if (this.fates.some(unseenDeath))
      this.fates = this.fates.map((fate, seat) => (unseenDeath(fate, seat) ? "killed" : fate));
    const rounds = Number(this.start?.config.discussionRounds ?? 0);
    this.phase = rounds > 0 ? "discussion" : "vote";
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
