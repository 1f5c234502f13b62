import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "./rng";

describe("Rng", () => {
  it("is a pure function of its JSON state", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const state = JSON.parse(JSON.stringify(seedRng(seed)));
        const a = Rng.from(state);
        const b = Rng.from(seedRng(seed));
        const drawsA = [a.int(0, 100), a.float(), a.shuffle([1, 2, 3, 4, 5])];
        const drawsB = [b.int(0, 100), b.float(), b.shuffle([1, 2, 3, 4, 5])];
        expect(drawsA).toEqual(drawsB);
        expect(a.state()).toEqual(b.state());
        expect(Rng.from(state).int(0, 100)).toBe(drawsA[0]);
      }),
    );
  });

  it("draws within bounds and shuffles into permutations", () => {
    const rng = Rng.seeded(7);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(-3, 3);
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(3);
      const f = rng.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(rng.shuffle([...Array(20).keys()]).sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(() => rng.pick([])).toThrow();
  });
});
