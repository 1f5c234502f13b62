import type { Rng } from "../../core/rng";

/** Seats whose name appears as a whole word (case-sensitive, as names are capitalised) in `text`. */
export function mentionedSeats(text: string, names: readonly string[]): number[] {
  const seats: number[] = [];
  names.forEach((name, seat) => {
    if (new RegExp(`\\b${name}\\b`).test(text)) seats.push(seat);
  });
  return seats;
}

export interface SpeakerChoice {
  speaker: number;
  topBidders: number[];
  /** Top bidders named in the previous statement (double weight when the bias is on). */
  mentioned: number[];
}

/**
 * The highest bid speaks. Several top bidders: a seeded weighted draw where a top bidder mentioned in the
 * previous statement has weight 2 (the intended "mention bias"; WOLF's own nudge was a no-op) and others 1.
 */
export function chooseSpeaker(
  bids: ReadonlyMap<number, number>,
  mentionedLastStatement: readonly number[],
  mentionBias: boolean,
  rng: Rng,
): SpeakerChoice {
  const top = Math.max(...bids.values());
  const topBidders = [...bids.keys()].filter((seat) => bids.get(seat) === top).sort((a, b) => a - b);
  const mentioned = topBidders.filter((seat) => mentionedLastStatement.includes(seat));
  if (topBidders.length === 1) return { speaker: topBidders[0], topBidders, mentioned };
  const weight = (seat: number) => (mentionBias && mentioned.includes(seat) ? 2 : 1);
  let draw = rng.int(0, topBidders.reduce((sum, seat) => sum + weight(seat), 0) - 1);
  for (const seat of topBidders) {
    draw -= weight(seat);
    if (draw < 0) return { speaker: seat, topBidders, mentioned };
  }
  throw new Error("chooseSpeaker: weighted draw out of range");
}
