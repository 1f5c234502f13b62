import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type DecisionKindSpec, decodeReply } from "../../core/module";
import { type ActPayload, socialGridDecisions, STATEMENT_MAX_CHARS, type VotePayload } from "./replies";
import type { PlayerView } from "./view";

/** Replies judged against payloads; the observation is not read by `decide`. */
const observation = {} as PlayerView;
const payloads = {
  act: (allowed: number[] = [0, 7], max = 1): ActPayload => ({
    observation,
    allowed_actions: allowed,
    max_actions: max,
  }),
  vote: (players: string[] = []): VotePayload => ({ observation, players }),
  statement: () => ({ observation }),
};

function toDecision(kind: "act" | "vote" | "statement", output: unknown, payload?: unknown) {
  const spec: DecisionKindSpec = socialGridDecisions[kind];
  return decodeReply(spec, kind, output, payload ?? payloads[kind]());
}

describe("SocialGrid replies decoded against their request", () => {
  it("turns a single action into the engine's act decision", () => {
    expect(toDecision("act", { thought: "go", action: 0 }, payloads.act([0, 7]))).toEqual({
      ok: true,
      decision: { kind: "act", actions: [0] },
    });
  });

  it("accepts a macro of up to maxActions actions and checks only the first against the legal set", () => {
    const result = toDecision("act", { actions: [0, 0, 8] }, payloads.act([0, 7], 5));
    expect(result).toEqual({ ok: true, decision: { kind: "act", actions: [0, 0, 8] } });
  });

  it("names the illegal action and the legal ones", () => {
    const result = toDecision("act", { thought: "x", action: 13 }, payloads.act([0, 7]));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: "illegal_action",
        message: "action 13 (KILL) is not allowed now; allowed: 0 (MOVE_FORWARD), 7 (NOOP)",
      },
    });
  });

  it("rejects more actions than allowed", () => {
    const result = toDecision("act", { actions: [0, 1] }, payloads.act([0, 1], 1));
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "illegal_action", message: "2 actions sent, at most 1 allowed" },
    });
  });

  it("reports schema errors with the offending field", () => {
    const result = toDecision("act", { thought: "x", action: 99 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe("schema");
      expect(result.error.message).toMatch(/action/);
    }
    expect(toDecision("act", "7")).toMatchObject({ ok: false, error: { kind: "schema" } });
  });

  it("maps vote names to seats and drops trust for players outside the vote", () => {
    const result = toDecision(
      "vote",
      { thought: "P4 left the room", vote: "Player_4", trust_scores: { Player_0: 0.9, Player_4: 0.1, Player_2: 1 } },
      payloads.vote(["Player_0", "Player_4"]),
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
    const result = toDecision("vote", { vote: "Player_9", trust_scores: {} }, payloads.vote(["Player_0"]));
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
  it("exports JSON Schemas of the replies", () => {
    expect(z.toJSONSchema(socialGridDecisions.act.reply, { io: "input" })).toHaveProperty("anyOf");
    expect(z.toJSONSchema(socialGridDecisions.vote.reply, { io: "input" })).toMatchObject({
      required: ["vote", "trust_scores"],
    });
    expect(z.toJSONSchema(socialGridDecisions.statement.reply, { io: "input" })).toMatchObject({
      required: ["statement"],
    });
  });

  it("gives LLMs strict-mode schemas: every field required, trust scores per known player", () => {
    const vote = z.toJSONSchema(
      socialGridDecisions.vote.llmReply(payloads.vote(["Player_0", "Player_3", "Player_4"])),
    ) as Record<string, any>;
    expect(vote.required).toEqual(["thought", "vote", "trust_scores", "statement"]);
    expect(vote.additionalProperties).toBe(false);
    expect(vote.properties.trust_scores.required).toEqual(["Player_0", "Player_3", "Player_4"]);
    expect(vote.properties.trust_scores.additionalProperties).toBe(false);

    const macro = z.toJSONSchema(socialGridDecisions.act.llmReply(payloads.act([0], 3))) as Record<string, any>;
    expect(macro.required).toEqual(["thought", "actions"]);
    expect(macro.properties.actions.maxItems).toBe(3);
    const single = z.toJSONSchema(socialGridDecisions.act.llmReply(payloads.act([0], 1))) as Record<string, any>;
    expect(single.required).toEqual(["thought", "action"]);
    // Cached by what they depend on.
    expect(socialGridDecisions.act.llmReplyKey(payloads.act([0, 1], 3))).toBe(
      socialGridDecisions.act.llmReplyKey(payloads.act([7], 3)),
    );
  });
});
