import { describe, expect, it } from "vitest";
import { bootstrapLeagueElo, ciAwareRanks, quantile } from "./bootstrapElo";
import { leagueElo, type LeagueGame } from "./leagueElo";

/** A league where "strong" wins most games in both roles and "weak" loses most. */
function league(): LeagueGame[] {
  const agents = ["strong", "mid", "weak"];
  const skill: Record<string, number> = { strong: 2, mid: 1, weak: 0 };
  const games: LeagueGame[] = [];
  let order = 0;
  for (let rep = 0; rep < 20; rep++) {
    for (const crew of agents) {
      for (const imp of agents) {
        if (crew === imp) continue;
        // Deterministic outcomes: the more skilled side wins, except every 5th repetition.
        const crewWins = skill[crew] > skill[imp] !== (rep % 5 === 0);
        games.push({
          id: `g${order}`,
          order: order++,
          crewAgent: crew,
          impostorAgent: imp,
          winner: crewWins ? "crew" : "impostors",
        });
      }
    }
  }
  return games;
}

describe("bootstrap confidence intervals", () => {
  it("is deterministic for a seed and changes with the seed", () => {
    const a = bootstrapLeagueElo(league(), undefined, { rounds: 50, seed: 1, confidence: 0.95 });
    const b = bootstrapLeagueElo(league(), undefined, { rounds: 50, seed: 1, confidence: 0.95 });
    const c = bootstrapLeagueElo(league(), undefined, { rounds: 50, seed: 2, confidence: 0.95 });
    expect(a).toEqual(b);
    expect(a.map((r) => r.crew.lower)).not.toEqual(c.map((r) => r.crew.lower));
  });

  it("keeps the point estimate of the plain league Elo and brackets it", () => {
    const games = league();
    const plain = leagueElo(games);
    const boot = bootstrapLeagueElo(games, undefined, { rounds: 100, seed: 3, confidence: 0.95 });
    boot.forEach((r, i) => {
      expect(r.agent).toBe(plain[i].agent);
      expect(r.crew.rating).toBe(plain[i].crew.rating);
      expect(r.crew.lower!).toBeLessThan(r.crew.upper!);
      expect(r.crew.lower!).toBeLessThanOrEqual(r.crew.rating + 1e-9);
      expect(r.crew.upper!).toBeGreaterThanOrEqual(r.crew.rating - 1e-9);
    });
  });

  it("narrows the interval with lower confidence", () => {
    const wide = bootstrapLeagueElo(league(), undefined, { rounds: 100, seed: 4, confidence: 0.95 });
    const narrow = bootstrapLeagueElo(league(), undefined, { rounds: 100, seed: 4, confidence: 0.5 });
    expect(narrow[0].crew.upper! - narrow[0].crew.lower!).toBeLessThan(wide[0].crew.upper! - wide[0].crew.lower!);
  });

  it("ranks with the CI-aware rule", () => {
    const byAgent = Object.fromEntries(
      bootstrapLeagueElo(league(), undefined, { rounds: 100, seed: 5, confidence: 0.95 }).map((r) => [r.agent, r]),
    );
    expect(byAgent.strong.crew.rank).toBe(1);
    expect(byAgent.weak.crew.rank).toBeGreaterThan(1);
  });

  it("leaves intervals and ranks null for a role an agent never played", () => {
    const games: LeagueGame[] = [{ id: "1", order: 1, crewAgent: "A", impostorAgent: "B", winner: "crew" }];
    const [a, b] = bootstrapLeagueElo(games, undefined, { rounds: 10, seed: 0, confidence: 0.95 });
    expect(a.impostor).toEqual({ rating: 1500, games: 0, wins: 0, lower: null, upper: null, rank: null });
    expect(b.crew.rank).toBeNull();
    // Every resample is the single game: the interval collapses onto the estimate.
    expect(a.crew.lower).toBeCloseTo(a.crew.rating, 9);
    expect(a.crew.upper).toBeCloseTo(a.crew.rating, 9);
    expect(a.crew.rank).toBe(1);
  });
});

describe("helpers", () => {
  it("ciAwareRanks: 1 + number of agents whose lower bound is above this one's upper bound", () => {
    const ranks = ciAwareRanks([
      { lower: 1400, upper: 1500 }, // nobody's lower > 1500 → 1
      { lower: 1350, upper: 1450 }, // overlaps the first → 1
      { lower: 1200, upper: 1300 }, // lower bounds 1400, 1350 and 1320 are above 1300 → 4
      { lower: 1320, upper: 1390 }, // 1400 > 1390 → 2
    ]);
    expect(ranks).toEqual([1, 1, 4, 2]);
  });

  it("quantile interpolates linearly (type 7)", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([7], 0.975)).toBe(7);
  });
});
