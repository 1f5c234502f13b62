import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures";
import { judgeReply } from "../../core/module";
import { socialgrid } from "./index";
import { socialgridModule } from "./module";
import { startMeeting } from "./outcome";

const MAP = ["######", "#....#", "#.T.B#", "######"];
const players = [
  { at: [1, 1] as [number, number], tasks: [{ kind: "short" as const, at: [2, 2] as [number, number] }] },
  { at: [3, 1] as [number, number], role: "impostor" as const },
];
const phases = {
  act: fixture({ map: MAP, players }),
  macro: fixture({ map: MAP, players, config: { macroMode: true } }),
  vote: startMeeting(fixture({ map: MAP, players }), "schedule").state,
  statement: startMeeting(fixture({ map: MAP, players, config: { discussionRounds: 1 } }), "schedule").state,
};

describe("validateDecision", () => {
  it("never throws on arbitrary input, and whatever it accepts can be stepped", () => {
    for (const state of Object.values(phases)) {
      fc.assert(
        fc.property(fc.anything(), fc.integer({ min: -2, max: 4 }), (raw, seat) => {
          const check = socialgrid.validateDecision(state, seat, raw);
          if (check.ok) expect(() => socialgrid.step(state, { [seat]: check.decision })).not.toThrow();
          else expect(typeof check.error).toBe("string");
        }),
        { numRuns: 300 },
      );
    }
  });

  it("takes the paper's agent output shapes at the edge (replies), and decisions in the engine", () => {
    expect(judgeReply(socialgridModule, phases.act, 0, { thought: "go", action: 0 })).toEqual({
      ok: true,
      decision: { kind: "act", actions: [0] },
    });
    expect(
      judgeReply(socialgridModule, phases.vote, 0, { thought: "t", vote: "Player_1", trust_scores: { Player_1: 0.2 } }),
    ).toEqual({
      ok: true,
      decision: { kind: "vote", vote: 1, trust: { 1: 0.2 }, thought: "t" },
    });
    expect(judgeReply(socialgridModule, phases.statement, 1, { statement: " I was at the task. " })).toEqual({
      ok: true,
      decision: { kind: "statement", text: "I was at the task." },
    });
    // The engine reads no reply dialects: an action code as a string, or the paper's keys, are not decisions.
    expect(socialgrid.validateDecision(phases.act, 0, { kind: "act", actions: ["0"] }).ok).toBe(false);
    expect(socialgrid.validateDecision(phases.act, 0, { kind: "act", action: 0 }).ok).toBe(false);
    expect(socialgrid.validateDecision(phases.vote, 0, { kind: "vote", vote: "Player_1", trust: {} }).ok).toBe(false);
  });

  it("rejects the wrong kind of decision for the phase, and seats that do not decide now", () => {
    expect(socialgrid.validateDecision(phases.act, 0, { kind: "vote", vote: "skip" })).toEqual({
      ok: false,
      error: 'expected a "act" decision, got "vote"',
    });
    expect(socialgrid.validateDecision(phases.act, 5, { action: 7 }).ok).toBe(false);
    expect(socialgrid.validateDecision(phases.act, 0, "7").ok).toBe(false);
  });

  it("falls back to NOOP, skip with trust 0.5, or an empty statement", () => {
    expect(socialgrid.fallbackDecision(phases.act, 0)).toEqual({ kind: "act", actions: [7] });
    expect(socialgrid.fallbackDecision(phases.vote, 0)).toEqual({
      kind: "vote",
      vote: "skip",
      trust: { 1: 0.5 },
      thought: "",
    });
    expect(socialgrid.fallbackDecision(phases.statement, 0)).toEqual({ kind: "statement", text: "" });
  });
});
