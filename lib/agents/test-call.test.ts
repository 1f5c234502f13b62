import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAgentServer, type FakeAgentServer } from "../../tests/support/fake-agent-server";
import { sequence, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { generateWebhookSecret } from "./signing";
import { testCall } from "./test-call";

let agentServer: FakeAgentServer;
let llmServer: FakeOpenAI;
beforeAll(async () => {
  agentServer = await startFakeAgentServer();
  llmServer = await startFakeOpenAI(sequence({ content: JSON.stringify({ thought: "ahead", action: 0 }) }));
});
afterAll(async () => {
  await agentServer.close();
  await llmServer.close();
});

const remote = (path: string) => ({ kind: "remote", url: agentServer.url(path), secret: generateWebhookSecret() });

describe("testCall", () => {
  it("returns the validated reply and latency of a working remote agent", async () => {
    const result = await testCall(remote("/ok"), { allowPrivate: true });
    expect(result).toMatchObject({ ok: true, reply: { output: { action: 0 } } });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("can try each decision kind", async () => {
    const result = await testCall(remote("/ok"), { allowPrivate: true, kind: "vote" });
    expect(result).toMatchObject({ ok: true, reply: { output: { vote: "skip" } } });
  });

  it("drives an LLM agent", async () => {
    const result = await testCall({ kind: "llm", baseURL: llmServer.baseURL, model: "m" });
    expect(result).toMatchObject({ ok: true, reply: { output: { thought: "ahead", action: 0 } } });
  });

  it("reports a failing agent with its typed error", async () => {
    expect(await testCall(remote("/500"), { allowPrivate: true })).toMatchObject({
      ok: false,
      error: { kind: "http" },
    });
    expect(await testCall(remote("/ok"))).toMatchObject({ ok: false, error: { kind: "blocked" } });
  });

  it("reports an invalid config instead of throwing", async () => {
    const result = await testCall({ kind: "remote", url: "gopher://x", secret: "nope" });
    expect(result).toMatchObject({ ok: false, error: { kind: "config" } });
    if (!result.ok) expect(result.error.message).toMatch(/url/);
    expect(await testCall({ kind: "builtin", name: "no-such-bot" })).toMatchObject({
      ok: false,
      error: { kind: "config" },
    });
  });
});
