/** What the Secret Mafia bots read from a player view's message history. */
import type { SeatRequest } from "../../../core/module";
import { GAME } from "../messages";
import type { SecretMafiaPayload } from "../replies";
import type { SecretMafiaPlayerView } from "../view";

/** A request of a Secret Mafia bot. */
export type BotRequest = SeatRequest<SecretMafiaPayload>;

export const mafiaViewOf = (request: BotRequest): SecretMafiaPlayerView => request.payload.observation;

export const DETECTIVE_CLAIM = "I am the Detective";

/** Seats named in a text as "Player 3" or "[3]". */
export function named(text: string): number[] {
  return [...text.matchAll(/player\s*(\d+)|\[(\d+)\]/gi)].map((m) => Number(m[1] ?? m[2]));
}

const alive = (view: SecretMafiaPlayerView, seat: number) => view.players[seat]?.alive === true;

/** Public player messages (discussion and votes), optionally only those since today's daybreak. */
export function publicTalk(view: SecretMafiaPlayerView, today = false): Array<{ seat: number; text: string }> {
  let start = 0;
  if (today) {
    const dawn = view.history.findLastIndex((m) => m.from === GAME && /^Day \d+ breaks/.test(m.text));
    start = Math.max(0, dawn);
  }
  return view.history
    .slice(start)
    .flatMap((m) => (m.from !== GAME && m.to === -1 ? [{ seat: m.from, text: m.text }] : []));
}

/** This Detective's findings, target → is Mafia. */
export function findings(view: SecretMafiaPlayerView): Map<number, boolean> {
  const found = new Map<number, boolean>();
  for (const m of view.history) {
    const hit = m.from === GAME && m.to !== -1 ? /^Player (\d+) IS (NOT )?a Mafia member\./.exec(m.text) : null;
    if (hit) found.set(Number(hit[1]), !hit[2]);
  }
  return found;
}

/** The first living public Detective claimant and the living player they named as Mafia. */
export function detectiveClaim(view: SecretMafiaPlayerView): { detective: number; mafia: number | null } | null {
  for (const { seat, text } of publicTalk(view)) {
    if (!text.includes(DETECTIVE_CLAIM) || !alive(view, seat)) continue;
    return { detective: seat, mafia: named(text).find((s) => s !== seat && alive(view, s)) ?? null };
  }
  return null;
}

/** Among `candidates`, the one named most by others today (ties: the lower seat); null without candidates. */
export function mostAccused(
  view: SecretMafiaPlayerView,
  candidates: readonly number[],
): { seat: number; count: number } | null {
  const counts = new Map<number, number>();
  for (const { seat, text } of publicTalk(view, true)) {
    for (const target of new Set(named(text))) if (target !== seat) counts.set(target, (counts.get(target) ?? 0) + 1);
  }
  let best: { seat: number; count: number } | null = null;
  for (const seat of candidates) {
    const count = counts.get(seat) ?? 0;
    if (!best || count > best.count) best = { seat, count };
  }
  return best;
}
