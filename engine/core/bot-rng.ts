import { Rng } from "./rng";
import type { SeatRequest } from "./module";

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * The random draws of one bot decision, keyed by the bot's seed and the request (episode, step, seat, kind):
 * a replayed or resumed episode asks the same questions and gets the same answers, with no hidden state.
 */
export const decisionRng = (seed: number, request: SeatRequest): Rng =>
  Rng.seeded(hash(`${seed}|${request.episodeId}|${request.step}|${request.seat}|${request.kind}`));
