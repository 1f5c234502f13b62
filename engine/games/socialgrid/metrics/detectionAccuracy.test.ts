import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { chanceBaseline } from "./detectionAccuracy";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";

const ROLES = ["crewmate", "crewmate", "crewmate", "crewmate", "crewmate", "impostor", "impostor"] as const;

describe("detection accuracy", () => {
  it("uniformly random non-skip votes among 6 others with 2 impostors → DA ≈ 2/6", () => {
    const rng = xoroshiro128plus(7);
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    for (let r = 0; r < 6000; r++)
      b.voteRound([
        { seat: 0, vote: uniformInt(rng, 1, 6) },
        { seat: 1, vote: "skip" },
        { seat: 2, vote: "skip" },
      ]);
    const d = episodeMetrics(b.end("impostors")).seats[0].detection!;
    expect(d.nonSkipVotes).toBe(6000);
    expect(d.accuracy!).toBeCloseTo(2 / 6, 1);
    expect(Math.abs(d.accuracy! - 2 / 6)).toBeLessThan(0.02);
    expect(d.staticBaseline).toBeCloseTo(2 / 6, 12);
    expect(d.dynamicBaseline!).toBeCloseTo(2 / 6, 12);
  });

  it("counts only non-skip votes and averages the dynamic baseline over them", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    const skips = [
      { seat: 3, vote: "skip" as const },
      { seat: 4, vote: "skip" as const },
    ]; // nobody is ejected
    b.voteRound([{ seat: 0, vote: 5 }, ...skips]); // correct; 2 impostors among 7 alive → 2/6
    b.voteRound([{ seat: 0, vote: "skip" }, ...skips]);
    b.kill(6, 1).voteRound([{ seat: 0, vote: 2 }, ...skips]); // wrong; 2 impostors among 6 alive → 2/5
    const d = episodeMetrics(b.end("impostors")).seats[0].detection!;
    expect(d).toMatchObject({ votes: 3, skips: 1, nonSkipVotes: 2, correct: 1, accuracy: 0.5 });
    expect(d.dynamicBaseline).toBeCloseTo((2 / 6 + 2 / 5) / 2, 12);
    expect(d.staticBaseline).toBeCloseTo(2 / 6, 12);
  });

  it("is null without non-skip votes, and for impostors", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([
      { seat: 0, vote: "skip" },
      { seat: 5, vote: 1 },
    ]);
    const m = episodeMetrics(b.end("impostors"));
    expect(m.seats[0].detection).toMatchObject({ accuracy: null, dynamicBaseline: null });
    expect(m.seats[5].detection).toBeNull();
  });

  it("baseline formula |I| / (N − 1)", () => {
    expect(chanceBaseline(7, 2)).toBeCloseTo(1 / 3, 12);
    expect(chanceBaseline(5, 2)).toBe(0.5);
  });
});
