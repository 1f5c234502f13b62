import { describe, expect, it } from "vitest";
import { z } from "zod";
import { llmReplySchema, replyJsonSchemas, STATEMENT_MAX_CHARS, toDecision } from "./socialgrid-replies";
import { SAMPLE_REQUESTS } from "./test-call";

describe("toDecision", () => {
  it("turns a single action into the engine's act decision", () => {
    expect(toDecision("act", { thought: "go", action: 0 }, { actions: [0, 7] })).toEqual({
      ok: true,
      decision: { kind: "act", actions: [0] },
    });
  });

  it("accepts a macro of up to maxActions actions and checks only the first against the legal set", () => {
    const result = toDecision("act", { actions: [0, 0, 8] }, { actions: [0, 7], maxActions: 5 });
    expect(result).toEqual({ ok: true, decision: { kind: "act", actions: [0, 0, 8] } });
  });

  it("names the illegal action and the legal ones", () => {
    const result = toDecision("act", { thought: "x", action: 13 }, { actions: [0, 7] });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: "illegal_action",
        message: "action 13 (KILL) is not allowed now; allowed: 0 (MOVE_FORWARD), 7 (NOOP)",
      },
    });
  });

  it("rejects more actions than allowed", () => {
    const result = toDecision("act", { actions: [0, 1] }, { maxActions: 1 });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "illegal_action", message: "2 actions sent, at most 1 allowed" },
    });
  });

  it("reports schema errors with the offending field", () => {
    const result = toDecision("act", { thought: "x", action: 99 }, {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe("schema");
      expect(result.error.message).toMatch(/action/);
    }
    expect(toDecision("act", "7", {})).toMatchObject({ ok: false, error: { kind: "schema" } });
  });

  it("maps vote names to seats and drops trust for players outside the vote", () => {
    const result = toDecision(
      "vote",
      { thought: "P4 left the room", vote: "Player_4", trust_scores: { Player_0: 0.9, Player_4: 0.1, Player_2: 1 } },
      { players: ["Player_0", "Player_4"] },
    );
    expect(result).toEqual({
      ok: true,
      decision: { kind: "vote", vote: 4, trust: { "0": 0.9, "4": 0.1 }, thought: "P4 left the room" },
    });
  });

  it("accepts skip and a missing thought", () => {
    expect(toDecision("vote", { vote: "skip", trust_scores: {} })).toEqual({
      ok: true,
      decision: { kind: "vote", vote: "skip", trust: {}, thought: "" },
    });
  });

  it("rejects a vote for a player who cannot be voted for, naming them", () => {
    const result = toDecision("vote", { vote: "Player_9", trust_scores: {} }, { players: ["Player_0"] });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "illegal_action", message: "vote target Player_9 is not one of: Player_0, skip" },
    });
  });

  it("rejects trust scores outside [0, 1] and malformed names", () => {
    expect(toDecision("vote", { vote: "skip", trust_scores: { Player_0: 1.5 } })).toMatchObject({
      ok: false,
      error: { kind: "schema" },
    });
    expect(toDecision("vote", { vote: "Bob", trust_scores: {} })).toMatchObject({
      ok: false,
      error: { kind: "schema" },
    });
  });

  it("converts statements and caps their length", () => {
    expect(toDecision("statement", { statement: "  I saw Player_4 vent.  " })).toEqual({
      ok: true,
      decision: { kind: "statement", text: "I saw Player_4 vent." },
    });
    const long = toDecision("statement", { statement: "x".repeat(STATEMENT_MAX_CHARS + 1) });
    expect(long).toMatchObject({ ok: false, error: { kind: "schema" } });
  });
});

describe("schemas", () => {
  it("exports JSON Schemas of the wire replies", () => {
    expect(replyJsonSchemas.act).toHaveProperty("anyOf");
    expect(replyJsonSchemas.vote).toMatchObject({ required: ["vote", "trust_scores"] });
    expect(replyJsonSchemas.statement).toMatchObject({ required: ["statement"] });
  });

  it("gives LLMs strict-mode schemas: every field required, trust scores per known player", () => {
    const vote = z.toJSONSchema(llmReplySchema(SAMPLE_REQUESTS.vote, { macro: false })) as Record<string, any>;
    expect(vote.required).toEqual(["thought", "vote", "trust_scores", "statement"]);
    expect(vote.additionalProperties).toBe(false);
    expect(vote.properties.trust_scores.required).toEqual(["Player_0", "Player_3", "Player_4"]);
    expect(vote.properties.trust_scores.additionalProperties).toBe(false);

    const macro = z.toJSONSchema(llmReplySchema({ ...SAMPLE_REQUESTS.act, maxActions: 3 }, { macro: true })) as Record<
      string,
      any
    >;
    expect(macro.required).toEqual(["thought", "actions"]);
    expect(macro.properties.actions.maxItems).toBe(3);
  });
});
