import { describe, expect, it } from "vitest";
import { episodeMetrics } from "./episodeMetrics";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";
import {
  classifyReasoning,
  DEFAULT_REASONING_PATTERNS,
  type CrewReasoning,
  type ImpostorVoteClasses,
} from "./voteReasoning";

const ROLES = ["crewmate", "crewmate", "crewmate", "crewmate", "crewmate", "impostor", "impostor"] as const;

describe("classifyReasoning (App. E)", () => {
  it.each([
    ["No evidence to distinguish, voting randomly.", "evidenceScarcity"],
    ["All players have equal trust, so this is arbitrary.", "evidenceScarcity"],
    ["player2 moved erratically, reducing trust.", "weakHeuristics"],
    ["Player_4 stayed stationary near the body.", "weakHeuristics"],
    ["Player_1 keeps walking in a loop.", "weakHeuristics"],
    ["I saw Player_3 kill Player_1.", "strongEvidence"],
    ["Player_6 witnessed near the vent.", "strongEvidence"],
    ["player5 completed tasks consistently.", "other"],
  ])("%s → %s", (thought, expected) => {
    expect(classifyReasoning(thought)).toBe(expected);
  });

  it("gives strong evidence precedence over weak heuristics, and scarcity over weak heuristics", () => {
    expect(classifyReasoning("I saw Player_2 next to me, and Player_3 moved erratically.")).toBe("strongEvidence");
    expect(classifyReasoning("No evidence; Player_3 moved erratically.")).toBe("evidenceScarcity");
  });

  it("ignores a strong-evidence cue negated earlier in its sentence", () => {
    expect(classifyReasoning("Nobody was killed near me. Player_2 was stationary.")).toBe("weakHeuristics");
    expect(classifyReasoning("I haven't witnessed anything.")).toBe("other");
    expect(classifyReasoning("Nothing odd. I saw Player_2 kill Player_4.")).toBe("strongEvidence");
  });
});

describe("vote classes in an episode", () => {
  function log() {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    const hold = [
      { seat: 2, vote: "skip" as const },
      { seat: 3, vote: "skip" as const },
      { seat: 4, vote: "skip" as const },
    ];
    b.voteRound([
      { seat: 0, vote: 5, thought: "I saw Player_5 kill someone", trust: { 1: 0.9, 5: 0.1, 6: 0.8 } }, // strong, correct, over-trust (6)
      { seat: 1, vote: 2, thought: "Player_2 moved erratically", trust: { 2: 0.1, 5: 0.5, 6: 0.5 } }, // weak, wrong
      { seat: 5, vote: 1, thought: "", trust: { 1: 0.2, 6: 0.9 } }, // misdirection
      { seat: 6, vote: 2, thought: "", trust: { 2: 0.2, 5: 0.6 } }, // framed
      ...hold,
    ]);
    b.voteRound([
      { seat: 0, vote: 6, thought: "No evidence, voting randomly", trust: { 5: 0.7, 6: 0.2 } }, // scarcity, correct, over-trust (5)
      { seat: 1, vote: "skip", thought: "no idea" },
      { seat: 5, vote: 6, thought: "" }, // voted teammate
      ...hold,
    ]);
    return episodeMetrics(b.end("impostors"));
  }

  it("counts crewmate non-skip votes per class with their accuracy, and over-trust", () => {
    const m = log();
    const seat0 = m.seats[0].reasoning as CrewReasoning;
    expect(seat0.classes.strongEvidence).toEqual({ votes: 1, correct: 1, accuracy: 1 });
    expect(seat0.classes.evidenceScarcity).toEqual({ votes: 1, correct: 1, accuracy: 1 });
    expect(seat0.overTrust).toEqual({ votes: 2, correct: 2, accuracy: 1 });
    expect(seat0.total).toEqual({ votes: 2, correct: 2, accuracy: 1 });
    const seat1 = m.seats[1].reasoning as CrewReasoning;
    expect(seat1.classes.weakHeuristics).toEqual({ votes: 1, correct: 0, accuracy: 0 });
    expect(seat1.classes.other).toEqual({ votes: 0, correct: 0, accuracy: null });
    expect(seat1.overTrust.votes).toBe(0);
  });

  it("classifies impostor votes as misdirection, framing or voting a teammate", () => {
    const m = log();
    expect(m.seats[5].reasoning as ImpostorVoteClasses).toEqual({
      role: "impostor",
      votes: 2,
      misdirection: 1,
      framed: 0,
      votedTeammate: 1,
    });
    expect(m.seats[6].reasoning as ImpostorVoteClasses).toEqual({
      role: "impostor",
      votes: 1,
      misdirection: 0,
      framed: 1,
      votedTeammate: 0,
    });
  });

  it("uses the configured high-trust threshold", () => {
    const b = new EpisodeLogBuilder({ roles: [...ROLES] });
    b.voteRound([
      { seat: 0, vote: 1, trust: { 5: 0.6 } },
      { seat: 2, vote: "skip" },
      { seat: 3, vote: "skip" },
    ]);
    const strict = episodeMetrics(b.events).seats[0].reasoning as CrewReasoning;
    expect(strict.overTrust.votes).toBe(0);
    const loose = episodeMetrics(b.events, { reasoning: { patterns: DEFAULT_REASONING_PATTERNS, highTrust: 0.6 } });
    expect((loose.seats[0].reasoning as CrewReasoning).overTrust).toEqual({ votes: 1, correct: 0, accuracy: 0 });
  });
});
