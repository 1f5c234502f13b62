import { describe, expect, it } from "vitest";
import { builtinAgent } from "./builtins";
import { createAgent } from "./create-agent";
import { generateWebhookSecret } from "./signing";
import { SAMPLE_REQUESTS } from "./test-call";

describe("createAgent", () => {
  it("builds each configured kind", () => {
    const llm = createAgent({ kind: "llm", baseURL: "http://localhost:8000/v1", model: "qwen", oracle: "low" });
    expect(llm).toMatchObject({ id: "llm:qwen", kind: "llm", promptOptions: { oracle: "low", macro: false } });

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

describe("builtinAgent", () => {
  it("wraps a bot's decision function: checked reply, latency, errors instead of exceptions", async () => {
    const noop = builtinAgent("builtin:noop", () => ({ thought: "waiting", action: 7 }));
    expect(await noop.decide(SAMPLE_REQUESTS.act)).toMatchObject({ output: { action: 7 }, thought: "waiting" });

    const killer = builtinAgent("builtin:killer", () => ({ action: 13 }));
    expect((await killer.decide(SAMPLE_REQUESTS.act)).error?.kind).toBe("illegal_action");

    const buggy = builtinAgent("builtin:buggy", () => {
      throw new Error("index out of range");
    });
    expect((await buggy.decide(SAMPLE_REQUESTS.act)).error).toEqual({
      kind: "internal",
      message: "built-in agent failed: index out of range",
    });
  });
});
