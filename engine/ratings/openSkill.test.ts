import { rate, rating } from "openskill";
import { describe, expect, it } from "vitest";
import { leagueGameToRated, openSkillRatings, type RatedGame } from "./openSkill";

describe("OpenSkill ratings", () => {
  it("raises the winner's μ, lowers the loser's, shrinks both σ", () => {
    const ratings = openSkillRatings([
      leagueGameToRated({ id: "1", order: 1, crewAgent: "A", impostorAgent: "B", winner: "crew" }),
    ]);
    const a = ratings.find((r) => r.agent === "A")!;
    const b = ratings.find((r) => r.agent === "B")!;
    expect(a.role).toBe("crewmate");
    expect(b.role).toBe("impostor");
    expect(a.mu).toBeGreaterThan(25);
    expect(b.mu).toBeLessThan(25);
    expect(a.sigma).toBeLessThan(25 / 3);
    expect(a.ordinal).toBeCloseTo(a.mu - 3 * a.sigma, 12);
    expect(ratings[0].agent).toBe("A"); // sorted by ordinal
  });

  it("keeps roles apart and matches the package on a multi-team game", () => {
    const game: RatedGame = {
      id: "w1",
      order: 1,
      teams: [
        {
          members: [
            { agent: "A", role: "wolf" },
            { agent: "B", role: "wolf" },
          ],
          rank: 2,
        },
        {
          members: [
            { agent: "A", role: "villager" },
            { agent: "C", role: "seer" },
            { agent: "C", role: "seer" },
          ],
          rank: 1,
        },
      ],
    };
    const ratings = openSkillRatings([game]);
    expect(ratings).toHaveLength(4); // C's two seer seats count once
    const [[aw, bw], [av, cs]] = rate(
      [
        [rating(), rating()],
        [rating(), rating()],
      ],
      { rank: [2, 1] },
    );
    const find = (agent: string, role: string) => ratings.find((r) => r.agent === agent && r.role === role)!;
    expect(find("A", "wolf").mu).toBeCloseTo(aw.mu, 12);
    expect(find("B", "wolf").mu).toBeCloseTo(bw.mu, 12);
    expect(find("A", "villager").mu).toBeCloseTo(av.mu, 12);
    expect(find("C", "seer").sigma).toBeCloseTo(cs.sigma, 12);
    expect(find("C", "seer").games).toBe(1);
  });

  it("applies games in chronological order", () => {
    const g = (id: string, order: number, winner: "crew" | "impostors") =>
      leagueGameToRated({ id, order, crewAgent: "A", impostorAgent: "B", winner });
    const forward = openSkillRatings([g("1", 1, "crew"), g("2", 2, "impostors")]);
    const shuffled = openSkillRatings([g("2", 2, "impostors"), g("1", 1, "crew")]);
    const reversed = openSkillRatings([g("1", 2, "crew"), g("2", 1, "impostors")]);
    expect(shuffled).toEqual(forward);
    expect(reversed.find((r) => r.agent === "A")!.mu).not.toBeCloseTo(forward.find((r) => r.agent === "A")!.mu, 6);
  });
});

describe("OpenSkill edge cases", () => {
  it("ignores empty teams and games with fewer than two teams", () => {
    const ratings = openSkillRatings([
      {
        id: "1",
        order: 1,
        teams: [
          { members: [{ agent: "A", role: "x" }], rank: 1 },
          { members: [], rank: 2 },
        ],
      },
      {
        id: "2",
        order: 2,
        teams: [
          { members: [{ agent: "A", role: "x" }], rank: 1 },
          { members: [], rank: 2 },
          { members: [{ agent: "B", role: "x" }], rank: 3 },
        ],
      },
    ]);
    const a = ratings.find((r) => r.agent === "A")!;
    const b = ratings.find((r) => r.agent === "B")!;
    expect(a.games).toBe(1);
    // Game 2 is rated as A vs B alone (an empty team in between would shift both updates).
    const [[expectedA], [expectedB]] = rate([[rating()], [rating()]], { rank: [1, 3] });
    expect(a.mu).toBeCloseTo(expectedA.mu, 12);
    expect(b.mu).toBeCloseTo(expectedB.mu, 12);
  });
});
