/**
 * What a bot has seen so far, folded in one player view at a time: a learned map, every sighting of every
 * player, bodies and the window in which each victim died, kills it watched happen, and the public record of
 * meetings (deaths, ejections, votes, witness notes). A pure function of the views observed, so replaying
 * them after a resume rebuilds it exactly.
 */
import type { Point } from "../events";
import { manhattan } from "../geometry";
import { seatOfName } from "../names";
import type { AsciiPatch } from "../visibility";
import type { PlayerView } from "../view";
import { KnownMap } from "./known-map";
import { placed, seatsOf, type Placed } from "./view";

/** A death by a kill: the victim died at an env step in [from, to], at `at` (in room `room`) if its body was seen. */
export interface KillRecord {
  victim: number;
  at: Point | null;
  room: number;
  from: number;
  to: number;
}

/** A kill seen happening: the corpse appeared in view with exactly one player next to it, or the engine's witness note. */
export interface SeenKill {
  killer: number;
  victim: number;
  t: number;
}

export interface PublicVote {
  round: number;
  voter: number;
  target: number | "skip";
}

const SAW_NOTE = /^step=(\d+): SAW Player_(\d+) KILL Player_(\d+)/;
const VOTES_NOTE =
  /^step=(\d+): meeting (\d+) votes: (.*?); (?:nobody ejected|Player_(\d+) ejected(?: \(was (crewmate|impostor)\))?)$/;
const VOTE_ENTRY = /^Player_(\d+)->(Player_(\d+)|skip)$/;

export class Observations {
  readonly self: number;
  readonly players: number;
  readonly impostors: number;
  readonly map: KnownMap;
  /** Per seat: env steps, positions and rooms at which it was seen alive, oldest first. */
  readonly sightings: Array<{ t: number[]; x: number[]; y: number[]; room: number[] }>;
  readonly kills: KillRecord[] = [];
  readonly seenKills: SeenKill[] = [];
  readonly votes: PublicVote[] = [];
  /** Ejected seat → env step of the ejection. */
  readonly ejectedAt = new Map<number, number>();
  /** Roles revealed on ejection (config `revealOnEject`). */
  readonly revealed = new Map<number, "crewmate" | "impostor">();
  /** Live players as of the latest meeting (everyone before the first). */
  alive: number[];
  /** Env step of the latest meeting, -1 before the first. */
  private lastMeetingT = -1;
  /** A kill was seen since the latest meeting. */
  killSeenSinceMeeting = false;

  private readonly dead = new Set<number>();
  private readonly meetingsDone = new Set<number>();
  private latest: { t: number; patch: AsciiPatch } | null = null;

  constructor(view: PlayerView) {
    this.self = view.seat;
    this.players = view.game.players;
    this.impostors = view.game.impostors;
    this.map = new KnownMap(view.game.width, view.game.height);
    this.sightings = Array.from({ length: this.players }, () => ({ t: [], x: [], y: [], room: [] }));
    this.alive = Array.from({ length: this.players }, (_, seat) => seat);
  }

  observe(view: PlayerView): void {
    if (!view.alive) return;
    this.map.absorb(view);
    const visible = placed(view.visiblePlayers);
    for (const p of visible) this.sight(p.seat, view.t, p);
    for (const body of placed(view.visibleCorpses)) this.body(body.seat, body, view.t, visible);
    if (!this.latest || view.t > this.latest.t) this.latest = { t: view.t, patch: view.asciiPatch };
    if (view.meeting && view.memory && !this.meetingsDone.has(view.meeting.round)) this.meeting(view);
  }

  private lastSeenAlive(seat: number): number {
    const s = this.sightings[seat].t;
    return s.length > 0 ? s[s.length - 1] : -1;
  }

  private sight(seat: number, t: number, at: Placed) {
    const s = this.sightings[seat];
    if (s.t.length > 0 && s.t[s.t.length - 1] === t) return;
    s.t.push(t);
    s.x.push(at.x);
    s.y.push(at.y);
    s.room.push(at.room);
  }

  private body(victim: number, at: Placed, t: number, visible: readonly Placed[]) {
    if (this.dead.has(victim)) return;
    this.dead.add(victim);
    let from = Math.max(this.lastSeenAlive(victim), this.lastMeetingT) + 1;
    // The tile was in view, without a body, at the previous step: the kill happened just now.
    if (
      this.latest &&
      this.latest.t === t - 1 &&
      patchChar(this.latest.patch, at) !== "?" &&
      patchChar(this.latest.patch, at) !== "C"
    ) {
      from = t;
    }
    this.kills.push({ victim, at: { x: at.x, y: at.y }, room: at.room, from, to: t });
    if (from !== t) return;
    const beside = visible.filter((p) => p.seat !== this.self && manhattan(p, at) === 1);
    if (beside.length === 1) this.kill(beside[0].seat, victim, t);
  }

  private kill(killer: number, victim: number, t: number) {
    if (this.seenKills.some((k) => k.killer === killer && k.victim === victim)) return;
    this.seenKills.push({ killer, victim, t });
    this.killSeenSinceMeeting = true;
  }

  private meeting(view: PlayerView) {
    const meeting = view.meeting!;
    const memory = view.memory!;
    this.meetingsDone.add(meeting.round);
    for (const note of memory.notes) this.note(note);
    const previous = this.lastMeetingT;
    for (const p of memory.players) {
      const seat = seatOfName(p.name);
      if (seat === null) continue;
      if (p.status === "ejected" && !this.ejectedAt.has(seat)) this.ejectedAt.set(seat, previous);
      if (p.status !== "dead" || this.dead.has(seat)) continue;
      this.dead.add(seat);
      this.kills.push({
        victim: seat,
        at: null,
        room: -1,
        from: Math.max(this.lastSeenAlive(seat), previous) + 1,
        to: view.t,
      });
    }
    this.alive = seatsOf(meeting.alivePlayers);
    this.lastMeetingT = view.t;
    this.killSeenSinceMeeting = false;
  }

  private note(note: string) {
    const saw = SAW_NOTE.exec(note);
    if (saw) {
      this.kill(Number(saw[2]), Number(saw[3]), Number(saw[1]));
      return;
    }
    const votes = VOTES_NOTE.exec(note);
    if (!votes) return;
    const round = Number(votes[2]);
    if (this.votes.some((v) => v.round === round)) return;
    for (const entry of votes[3].split(", ")) {
      const m = VOTE_ENTRY.exec(entry);
      if (m) this.votes.push({ round, voter: Number(m[1]), target: m[3] === undefined ? "skip" : Number(m[3]) });
    }
    if (votes[4] !== undefined) {
      const ejected = Number(votes[4]);
      this.ejectedAt.set(ejected, Number(votes[1]));
      if (votes[5]) this.revealed.set(ejected, votes[5] as "crewmate" | "impostor");
    }
  }
}

function patchChar(patch: AsciiPatch, at: Point): string {
  const row = patch.rows[at.y - patch.topLeft.y];
  return row?.[at.x - patch.topLeft.x] ?? "?";
}
