import { describe, expect, it } from "vitest";
import { headToHead, type HeadToHeadGame } from "./headToHead";

describe("head-to-head matrices", () => {
  const games: HeadToHeadGame[] = [
    { id: "1", order: 1, crewAgent: "A", impostorAgent: "B", winner: "crew", crewDetection: { correct: 2, votes: 4 } },
    {
      id: "2",
      order: 2,
      crewAgent: "A",
      impostorAgent: "B",
      winner: "impostors",
      crewDetection: { correct: 1, votes: 4 },
    },
    {
      id: "3",
      order: 3,
      crewAgent: "B",
      impostorAgent: "A",
      winner: "impostors",
      crewDetection: { correct: 0, votes: 2 },
    },
    { id: "4", order: 4, crewAgent: "A", impostorAgent: "A", winner: "crew" },
  ];
  const h = headToHead(games);

  it("counts games per pair, symmetric, self-play on the diagonal", () => {
    expect(h.agents).toEqual(["A", "B"]);
    expect(h.games).toEqual([
      [1, 3],
      [3, 0],
    ]);
    expect(h.crewGames).toEqual([
      [1, 2],
      [1, 0],
    ]);
  });

  it("win rate of row vs column over both roles; self-play 0.5; null without games", () => {
    // A vs B: A won g1 (crew) and g3 (impostor), lost g2 → 2/3.
    expect(h.winRate[0][1]).toBeCloseTo(2 / 3, 12);
    expect(h.winRate[1][0]).toBeCloseTo(1 / 3, 12);
    expect(h.winRate[0][0]).toBe(0.5);
    expect(h.winRate[1][1]).toBeNull();
    expect(h.crewWinRate[0][1]).toBe(0.5);
    expect(h.crewWinRate[1][0]).toBe(0);
  });

  it("detection accuracy of the row's crew against the column's impostors (pooled votes)", () => {
    expect(h.detectionVotes[0][1]).toBe(8);
    expect(h.detectionAccuracy[0][1]).toBe(3 / 8);
    expect(h.detectionAccuracy[1][0]).toBe(0);
    expect(h.detectionAccuracy[0][0]).toBeNull();
  });
});
