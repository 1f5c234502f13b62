/** Reading the SocialGrid request payload (its `observation`, the player view) the way every built-in bot needs it. */
import type { SeatRequest } from "../../../core/module";
import { playerName, type Point } from "../events";
import { seatOfName } from "../names";
import type { SocialGridPayload } from "../replies";
import type { PlayerView } from "../view";

/** A request of a SocialGrid bot. */
export type BotRequest = SeatRequest<SocialGridPayload>;

export const viewOf = (request: BotRequest): PlayerView => request.payload.observation;

/** The players a vote may name (empty for other kinds). */
export const playersOf = (request: BotRequest): string[] =>
  "players" in request.payload ? request.payload.players : [];

/** `R01(12,8)` → {x: 12, y: 8}. */
export function pointOf(label: string): Point | null {
  const m = /\((\d+),(\d+)\)$/.exec(label);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** `R01(12,8)` → 1 (row × 10 + column: layouts have at most 9 × 9 rooms). */
function roomOf(label: string): number {
  const m = /^R(\d)(\d)/.exec(label);
  return m ? Number(m[1]) * 10 + Number(m[2]) : -1;
}

export interface Placed extends Point {
  seat: number;
  room: number;
}

/** Entries of a `label → Player_k` map (visible players or corpses), as seats with positions. */
export function placed(byLabel: Record<string, string>): Placed[] {
  const out: Placed[] = [];
  for (const label in byLabel) {
    const at = pointOf(label);
    const seat = seatOfName(byLabel[label]);
    if (at && seat !== null) out.push({ seat, room: roomOf(label), ...at });
  }
  return out.sort((a, b) => a.seat - b.seat);
}

export const seatsOf = (names: readonly string[]): number[] =>
  names.flatMap((name) => {
    const seat = seatOfName(name);
    return seat === null ? [] : [seat];
  });

/** The wire reply of a vote: target name or "skip", and a trust score per player that must be rated. */
export function voteReply(
  thought: string,
  vote: number | "skip",
  trust: (seat: number) => number,
  players: readonly string[] = [],
) {
  const trustScores: Record<string, number> = {};
  for (const seat of seatsOf(players)) trustScores[playerName(seat)] = round2(trust(seat));
  return { thought, vote: vote === "skip" ? "skip" : playerName(vote), trust_scores: trustScores, statement: null };
}

const round2 = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
