/** What the Werewolf bots read from a player view: names, today's accusations, a Seer's public claim. */
import type { SeatRequest } from "../../../core/module";
import type { WerewolfPayload } from "../replies";
import type { WerewolfPlayerView } from "../view";

/** A request of a Werewolf bot. */
export type BotRequest = SeatRequest<WerewolfPayload>;

export const werewolfViewOf = (request: BotRequest): WerewolfPlayerView => request.payload.observation;

/** The names a targeted decision may choose. */
export const choicesOf = (request: BotRequest): string[] => request.payload.players ?? [];

export const SEER_CLAIM = "I am the Seer";

export const nameOf = (view: WerewolfPlayerView, seat: number): string => view.players[seat].name;

const isAlive = (view: WerewolfPlayerView, seat: number) => view.players[seat]?.alive === true;

/** Players this one knows to be werewolves (pack mates, Seer findings), and known non-wolves. */
export const knownWolves = (view: WerewolfPlayerView): number[] =>
  view.players.filter((p) => p.knownRole === "Werewolf" && p.seat !== view.seat).map((p) => p.seat);

export const knownGood = (view: WerewolfPlayerView): number[] =>
  view.players
    .filter((p) => p.knownRole !== null && p.knownRole !== "Werewolf" && p.seat !== view.seat)
    .map((p) => p.seat);

function statements(view: WerewolfPlayerView, today: boolean) {
  return view.record.flatMap((e) => (e.type === "statement" && (!today || e.round === view.round) ? [e] : []));
}

/** Seats named in a text (whole-word, case-insensitive), in seat order. */
export function mentioned(view: WerewolfPlayerView, text: string): number[] {
  const lower = ` ${text.toLowerCase().replace(/[^a-z]+/g, " ")} `;
  return view.players.filter((p) => lower.includes(` ${p.name.toLowerCase()} `)).map((p) => p.seat);
}

/** Per seat: how often other speakers named them today. */
export function accusationsToday(view: WerewolfPlayerView): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of statements(view, true)) {
    for (const seat of mentioned(view, s.text)) if (seat !== s.speaker) counts.set(seat, (counts.get(seat) ?? 0) + 1);
  }
  return counts;
}

/** The first living player who publicly claimed the Seer, and the werewolf they named (if still alive). */
export function seerClaim(view: WerewolfPlayerView): { seer: number; wolf: number | null } | null {
  for (const s of statements(view, false)) {
    if (!s.text.includes(SEER_CLAIM) || !isAlive(view, s.speaker)) continue;
    const named = mentioned(view, s.text).find((seat) => seat !== s.speaker && isAlive(view, seat));
    return { seer: s.speaker, wolf: named ?? null };
  }
  return null;
}

/** The living player most named today among `candidates`; ties go to the higher running suspicion, then the lower seat. */
export function mostAccused(view: WerewolfPlayerView, candidates: readonly number[]): number | null {
  const counts = accusationsToday(view);
  let best: number | null = null;
  for (const seat of candidates) {
    if (best === null) {
      best = seat;
      continue;
    }
    const d = (counts.get(seat) ?? 0) - (counts.get(best) ?? 0);
    if (d > 0 || (d === 0 && (view.suspicion[seat] ?? 0) > (view.suspicion[best] ?? 0))) best = seat;
  }
  return best;
}

/** Seats of the request's `players` names (the decision's options). */
export const optionSeats = (view: WerewolfPlayerView): number[] => view.pending?.options ?? [];
