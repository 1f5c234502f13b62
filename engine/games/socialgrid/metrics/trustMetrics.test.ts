import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";
import { trustBrier, trustVolatility } from "./trustMetrics";

const ROLES = ["crewmate", "crewmate", "crewmate", "crewmate", "crewmate", "impostor", "impostor"] as const;

/** Seat 0 rates the other six in `rounds` voting phases with trust from `value(round, target)`. */
function trustLog(rounds: number, value: (round: number, target: number) => number) {
  const b = new EpisodeLogBuilder({ roles: [...ROLES] });
  for (let r = 0; r < rounds; r++) {
    const trust = Object.fromEntries([1, 2, 3, 4, 5, 6].map((t) => [t, value(r, t)]));
    b.step().voteRound([{ seat: 0, vote: "skip", trust }]);
  }
  return episodeMetrics(b.end("impostors")).seats[0].trust;
}

describe("pair formulas", () => {
  it("Brier (Eq. 4): ((1 − T) − y)², y = 1 for impostors", () => {
    expect(trustBrier([1, 0], true)).toBe((1 + 0) / 2); // T=1 → (0−1)² = 1; T=0 → (1−1)² = 0
    expect(trustBrier([1, 0.25], false)).toBeCloseTo((0 + 0.5625) / 2, 12); // (1−0.25)² = 0.5625
  });

  it("volatility (Eq. 5): mean absolute step; null with fewer than two snapshots", () => {
    expect(trustVolatility([0.2, 0.8, 0.5])).toBeCloseTo((0.6 + 0.3) / 2, 12);
    expect(trustVolatility([0.4])).toBeNull();
  });
});

describe("trust metrics per voter", () => {
  it("uniformly random trust → Brier ≈ 1/3 and volatility ≈ 1/3", () => {
    const rng = xoroshiro128plus(42);
    const trust = trustLog(3000, () => uniformInt(rng, 0, 1_000_000) / 1_000_000);
    expect(trust.pairs).toHaveLength(6);
    expect(trust.brier!).toBeCloseTo(1 / 3, 2);
    expect(trust.volatility!).toBeCloseTo(1 / 3, 2);
  });

  it("constant 0.5 → Brier 0.25 and volatility 0", () => {
    const trust = trustLog(5, () => 0.5);
    expect(trust.brier).toBe(0.25);
    expect(trust.volatility).toBe(0);
  });

  it("perfect trust → Brier 0", () => {
    expect(trustLog(3, (_r, t) => (ROLES[t] === "impostor" ? 0 : 1)).brier).toBe(0);
  });

  it("averages over pairs, not over snapshots", () => {
    // Round 1 rates targets 1 and 5; round 2 only target 1 (ratings given, not dead targets).
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([{ seat: 0, vote: "skip", trust: { 1: 1, 5: 1 } }]);
    b.voteRound([{ seat: 0, vote: "skip", trust: { 1: 0 } }]);
    const trust = episodeMetrics(b.end("crew")).seats[0].trust;
    // pair 0→1: ((0)² + (1)²)/2 = 0.5, TV 1; pair 0→5 (impostor): ((0 − 1)²)/1 = 1, K = 1
    expect(trust.pairs.map((p) => [p.target, p.samples, p.brier, p.volatility])).toEqual([
      [1, 2, 0.5, 1],
      [5, 1, 1, null],
    ]);
    expect(trust.brier).toBe(0.75);
    // The K = 1 pair has no volatility and is left out of the mean.
    expect(trust.volatility).toBe(1);
  });

  it("stops a pair's series when the target dies (K counts the rounds it was rated)", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([{ seat: 0, vote: "skip" }]).voteRound([{ seat: 0, vote: "skip" }]);
    b.kill(5, 1).voteRound([{ seat: 0, vote: "skip" }]);
    const pairs = episodeMetrics(b.end("impostors")).seats[0].trust.pairs;
    expect(pairs.find((p) => p.target === 1)!.samples).toBe(2);
    expect(pairs.find((p) => p.target === 2)!.samples).toBe(3);
  });

  it("is null for a voter who never rated anyone, and volatility null with only K = 1 pairs", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([{ seat: 0, vote: "skip" }]);
    const m = episodeMetrics(b.end("crew"));
    expect(m.seats[1].trust).toEqual({ brier: null, volatility: null, pairs: [], repairedValues: 0 });
    expect(m.seats[0].trust.brier).toBe(0.25);
    expect(m.seats[0].trust.volatility).toBeNull();
  });

  it("counts trust values the engine repaired", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([{ seat: 0, vote: "skip", missingTrust: [3, 4] }]);
    expect(episodeMetrics(b.end("crew")).seats[0].trust.repairedValues).toBe(2);
  });
});
