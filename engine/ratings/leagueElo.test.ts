import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leagueElo, type LeagueGame } from "./leagueElo";

const game = (
  id: string,
  order: number,
  crewAgent: string,
  impostorAgent: string,
  winner: LeagueGame["winner"],
): LeagueGame => ({
  id,
  order,
  crewAgent,
  impostorAgent,
  winner,
});

/** Expected crew score E = 1 / (1 + 10^((R_imp − R_crew)/400)). */
const expected = (crew: number, impostor: number) => 1 / (1 + 10 ** ((impostor - crew) / 400));

describe("league Elo", () => {
  // g1: A crew vs B impostors, crew wins. g2: B crew vs A impostors, impostors win.
  const league = [game("g2", 2, "B", "A", "impostors"), game("g1", 1, "A", "B", "crew")];

  it("one pass, by hand", () => {
    // g1: both 1500 → E = 0.5, crew won: A.crew = 1500 + 64·0.5 = 1532, B.imp = 1468.
    // g2: both 1500 → E = 0.5, crew lost: B.crew = 1500 − 32 = 1468, A.imp = 1532.
    const [a, b] = leagueElo(league, { k: 64, base: 1500, passes: 1 });
    expect(a.crew.rating).toBeCloseTo(1532, 9);
    expect(a.impostor.rating).toBeCloseTo(1532, 9);
    expect(b.crew.rating).toBeCloseTo(1468, 9);
    expect(b.impostor.rating).toBeCloseTo(1468, 9);
    expect(a.crew).toMatchObject({ games: 1, wins: 1 });
    expect(b.crew).toMatchObject({ games: 1, wins: 0 });
  });

  it("two passes continue from the first pass's ratings, by hand", () => {
    // Pass 2, g1: A.crew 1532 vs B.imp 1468: E = 1/(1 + 10^(−64/400)) = 1/(1 + 0.6918310) = 0.5910757;
    //   Δ = 64·(1 − 0.5910757) = 26.17116 → A.crew = 1558.17116, B.imp = 1441.82884.
    // Pass 2, g2: B.crew 1468 vs A.imp 1532: E = 0.4089243; Δ = 64·(0 − 0.4089243) = −26.17116
    //   → B.crew = 1441.82884, A.imp = 1558.17116.
    const [a, b] = leagueElo(league, { k: 64, base: 1500, passes: 2 });
    const delta = 64 * (1 - expected(1532, 1468));
    expect(delta).toBeCloseTo(26.17116, 5);
    expect(a.crew.rating).toBeCloseTo(1558.17116, 5);
    expect(a.crew.rating).toBeCloseTo(1532 + delta, 9);
    expect(b.impostor.rating).toBeCloseTo(1468 - delta, 9);
    expect(b.crew.rating).toBeCloseTo(1468 - delta, 9);
    expect(a.impostor.rating).toBeCloseTo(1532 + delta, 9);
    // Games are counted once, not once per pass.
    expect(a.crew.games).toBe(1);
  });

  it("plays games in chronological order (ties by id), not input order", () => {
    // Two games A crew vs B imp: crew loses, then crew wins. Order matters for the final ratings.
    const lossThenWin = [game("x", 2, "A", "B", "crew"), game("y", 1, "A", "B", "impostors")];
    const [a] = leagueElo(lossThenWin, { k: 64, base: 1500, passes: 1 });
    // y: E 0.5, loss → 1468 (B.imp 1532). x: E = expected(1468, 1532) = 0.408924 → 1468 + 64·0.591076 = 1505.8289
    expect(a.crew.rating).toBeCloseTo(1468 + 64 * (1 - expected(1468, 1532)), 9);
  });

  it("10 passes equal one pass over the game list repeated 10 times", () => {
    const games = [
      game("1", 1, "A", "B", "impostors"),
      game("2", 2, "C", "A", "crew"),
      game("3", 3, "B", "C", "impostors"),
    ];
    const repeated = Array.from({ length: 10 }, (_, p) =>
      games.map((g) => ({ ...g, id: `${p}-${g.id}`, order: p * 10 + g.order })),
    ).flat();
    const tenPasses = leagueElo(games);
    const onePass = leagueElo(repeated, { k: 64, base: 1500, passes: 1 });
    tenPasses.forEach((r, i) => {
      expect(r.crew.rating).toBeCloseTo(onePass[i].crew.rating, 9);
      expect(r.impostor.rating).toBeCloseTo(onePass[i].impostor.rating, 9);
    });
  });

  it("keeps the rating sum constant (zero-sum updates) and matches a plain Elo loop", () => {
    const agents = ["a", "b", "c", "d"];
    const arbitraryGame = fc.record({
      crew: fc.constantFrom(...agents),
      impostor: fc.constantFrom(...agents),
      crewWon: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryGame, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (list, passes) => {
          const games = list.map((g, i) =>
            game(String(i).padStart(3, "0"), i, g.crew, g.impostor, g.crewWon ? "crew" : "impostors"),
          );
          const result = leagueElo(games, { k: 64, base: 1500, passes });
          const total = result.reduce((sum, r) => sum + r.crew.rating + r.impostor.rating, 0);
          expect(total).toBeCloseTo(1500 * 2 * result.length, 6);

          const crew = new Map<string, number>();
          const imp = new Map<string, number>();
          for (let p = 0; p < passes; p++) {
            for (const g of games) {
              const rc = crew.get(g.crewAgent) ?? 1500;
              const ri = imp.get(g.impostorAgent) ?? 1500;
              const d = 64 * ((g.winner === "crew" ? 1 : 0) - expected(rc, ri));
              crew.set(g.crewAgent, rc + d);
              imp.set(g.impostorAgent, ri - d);
            }
          }
          for (const r of result) {
            expect(r.crew.rating).toBeCloseTo(crew.get(r.agent) ?? 1500, 7);
            expect(r.impostor.rating).toBeCloseTo(imp.get(r.agent) ?? 1500, 7);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("supports a K large enough to leave the fast exponential's range", () => {
    const [a] = leagueElo([game("1", 1, "A", "B", "crew"), game("2", 2, "A", "B", "crew")], {
      k: 400,
      base: 1500,
      passes: 1,
    });
    // 1500 + 200 = 1700, then E = expected(1700, 1300) = 1/(1 + 10^−1) = 0.909091 → +400·0.090909
    expect(a.crew.rating).toBeCloseTo(1700 + 400 * (1 - 1 / 1.1), 9);
  });
});
