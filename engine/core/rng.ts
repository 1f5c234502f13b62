import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { JumpableRandomGenerator } from "pure-rand/types/JumpableRandomGenerator";

/** The generator state as plain JSON (four 32-bit integers), stored inside a game state. */
export type RngState = readonly number[];

export function seedRng(seed: number): RngState {
  return xoroshiro128plus(seed | 0).getState();
}

/**
 * A short-lived mutable cursor over an `RngState`: open it at the start of a pure transition, draw,
 * then store `state()` in the next game state. The input state is never modified.
 */
export class Rng {
  private readonly gen: JumpableRandomGenerator;

  private constructor(gen: JumpableRandomGenerator) {
    this.gen = gen;
  }

  static from(state: RngState): Rng {
    return new Rng(xoroshiro128plusFromState(state));
  }

  static seeded(seed: number): Rng {
    return Rng.from(seedRng(seed));
  }

  /** Uniform integer in [from, to] (both included). */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return (this.gen.next() >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: empty list");
    return items[this.int(0, items.length - 1)];
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }

  state(): RngState {
    return this.gen.getState();
  }
}
