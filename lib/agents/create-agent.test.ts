import { describe, expect, it } from "vitest";
import { SAMPLE_REQUESTS } from "../../tests/support/requests";
import { botAgent } from "./builtins";
import { createAgent } from "./create-agent";
import { generateWebhookSecret } from "./signing";

describe("createAgent", () => {
  it("builds each configured kind", () => {
    const options = { socialgrid: { oracle: "low" } };
    const llm = createAgent({ kind: "llm", baseURL: "http://localhost:8000/v1", model: "qwen", options });
    expect(llm).toMatchObject({ id: "llm:qwen", kind: "llm", options });

    const remote = createAgent({
      kind: "remote",
      url: "https://bot.example.com/play",
      secret: generateWebhookSecret(),
    });
    expect(remote).toMatchObject({ id: "remote:bot.example.com", kind: "remote" });
  });

  it("throws on an invalid config, before any episode starts", () => {
    expect(() => createAgent({ kind: "remote", url: "https://bot.example.com", secret: "plain" })).toThrow(/whsec_/);
    expect(() => createAgent({ kind: "builtin", name: "no-such-bot" })).toThrow(/unknown built-in agent "no-such-bot"/);
  });
});

describe("botAgent", () => {
  it("wraps a game's bot: decoded reply, latency, errors instead of exceptions", async () => {
    const noop = botAgent("builtin:noop", () => ({ choose: () => ({ thought: "waiting", action: 7 }) }));
    expect(await noop.decide(SAMPLE_REQUESTS.act)).toMatchObject({
      output: { action: 7 },
      decision: { kind: "act", actions: [7] },
      thought: "waiting",
    });

    const killer = botAgent("builtin:killer", () => ({ choose: () => ({ action: 13 }) }));
    expect((await killer.decide(SAMPLE_REQUESTS.act)).error?.kind).toBe("illegal_action");

    const absent = botAgent("builtin:absent", (game) => `no bot for ${game}`);
    expect((await absent.decide(SAMPLE_REQUESTS.act)).error).toEqual({
      kind: "config",
      message: "no bot for socialgrid",
    });

    const buggy = botAgent("builtin:buggy", () => ({
      choose: () => {
        throw new Error("index out of range");
      },
    }));
    expect((await buggy.decide(SAMPLE_REQUESTS.act)).error).toEqual({
      kind: "internal",
      message: "built-in agent failed: index out of range",
    });
  });
});
