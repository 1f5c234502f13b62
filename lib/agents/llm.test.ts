import { afterEach, describe, expect, it } from "vitest";
import {
  messageText,
  sequence,
  startFakeOpenAI,
  type ChatHandler,
  type FakeOpenAI,
} from "../../tests/support/fake-openai";
import { createLlmAgent, llmAgentConfigSchema } from "./llm";
import { actRequest, SAMPLE_REQUESTS } from "../../tests/support/requests";

const KEY_ENV = "FAKE_LLM_API_KEY";
process.env[KEY_ENV] = "sk-test-123";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function agentFor(handler: ChatHandler, config: Record<string, unknown> = {}) {
  fake = await startFakeOpenAI(handler);
  return createLlmAgent(
    llmAgentConfigSchema.parse({
      kind: "llm",
      baseURL: fake.baseURL,
      model: "test-model",
      apiKeyEnv: KEY_ENV,
      ...config,
    }),
  );
}

const validAct = JSON.stringify({ thought: "task is ahead", action: 0 });

describe("LLM agent against a local OpenAI-protocol server", () => {
  it("returns a valid structured reply with its thought and token usage", async () => {
    const agent = await agentFor(sequence({ content: validAct, usage: { prompt_tokens: 321, completion_tokens: 12 } }));
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply).toMatchObject({
      output: { thought: "task is ahead", action: 0 },
      decision: { kind: "act", actions: [0] },
      thought: "task is ahead",
      usage: { inputTokens: 321, outputTokens: 12 },
    });
    expect(reply.error).toBeUndefined();

    const [request] = fake!.requests;
    expect(request.model).toBe("test-model");
    expect(request.temperature).toBe(0);
    expect(request.messages.map((m) => [m.role, messageText(m)])).toEqual([
      ["system", SAMPLE_REQUESTS.act.prompt.system],
      ["user", SAMPLE_REQUESTS.act.prompt.user],
    ]);
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "act_reply" } });
    expect(fake!.authorizations[0]).toBe("Bearer sk-test-123");
  });

  it("retries once after invalid JSON, telling the model what was wrong", async () => {
    const agent = await agentFor(
      sequence(
        { content: "Sure! I will move forward.", usage: { prompt_tokens: 100, completion_tokens: 8 } },
        { content: validAct, usage: { prompt_tokens: 130, completion_tokens: 9 } },
      ),
    );
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply.error).toBeUndefined();
    expect(reply.output).toEqual({ thought: "task is ahead", action: 0 });
    expect(reply.usage).toEqual({ inputTokens: 230, outputTokens: 17 });

    expect(fake!.requests).toHaveLength(2);
    const retry = fake!.requests[1].messages;
    expect(retry.slice(-2).map((m) => m.role)).toEqual(["assistant", "user"]);
    expect(messageText(retry.at(-2)!)).toBe("Sure! I will move forward.");
    expect(messageText(retry.at(-1)!)).toMatch(/rejected \(parse\): the reply is not valid JSON/);
  });

  it("retries an illegal action, naming it and the legal ones", async () => {
    const agent = await agentFor(
      sequence({ content: JSON.stringify({ thought: "kill", action: 13 }) }, { content: validAct }),
    );
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply.output).toEqual({ thought: "task is ahead", action: 0 });
    expect(messageText(fake!.requests[1].messages.at(-1)!)).toMatch(
      /illegal_action\): action 13 \(KILL\) is not allowed now; allowed: 0 \(MOVE_FORWARD\)/,
    );
  });

  it("after a second invalid reply returns the typed error with the raw output and all token usage", async () => {
    const agent = await agentFor(
      sequence(
        { content: "not json", usage: { prompt_tokens: 50, completion_tokens: 2 } },
        { content: JSON.stringify({ thought: "hmm" }), usage: { prompt_tokens: 60, completion_tokens: 4 } },
      ),
    );
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply.output).toBeUndefined();
    expect(reply.error).toMatchObject({ kind: "schema", raw: '{"thought":"hmm"}' });
    expect(reply.error?.message).toMatch(/action/);
    expect(reply.usage).toEqual({ inputTokens: 110, outputTokens: 6 });
    expect(fake!.requests).toHaveLength(2);
  });

  it("times out a slow server", async () => {
    const agent = await agentFor(sequence({ content: validAct, delayMs: 5_000 }), { timeoutMs: 300 });
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply.error).toMatchObject({ kind: "timeout", message: "no reply within 300 ms" });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(280);
    expect(reply.latencyMs).toBeLessThan(2_000);
  });

  it("uses the request deadline when it is shorter than the configured timeout", async () => {
    const agent = await agentFor(sequence({ content: validAct, delayMs: 5_000 }));
    const reply = await agent.decide({ ...SAMPLE_REQUESTS.act, deadlineMs: 200 });
    expect(reply.error).toMatchObject({ kind: "timeout", message: "no reply within 200 ms" });
  });

  it("stops when the caller aborts", async () => {
    const agent = await agentFor(sequence({ content: validAct, delayMs: 5_000 }));
    const reply = await agent.decide(SAMPLE_REQUESTS.act, AbortSignal.timeout(100));
    expect(reply.error).toMatchObject({ kind: "timeout", message: "aborted by the caller" });
  });

  it("reports HTTP 500 as an http error without retrying", async () => {
    const agent = await agentFor(sequence({ status: 500, message: "model crashed" }));
    const reply = await agent.decide(SAMPLE_REQUESTS.act);

    expect(reply.error?.kind).toBe("http");
    expect(reply.error?.message).toMatch(/HTTP 500: model crashed/);
    expect(fake!.requests).toHaveLength(1);
  });

  it("reports an unreachable server as a network error", async () => {
    const agent = await agentFor(sequence({ content: validAct }));
    await fake!.close();
    fake = undefined;
    const reply = await agent.decide(SAMPLE_REQUESTS.act);
    expect(reply.error?.kind).toBe("network");
  });

  it("answers a vote with trust scores for exactly the listed players", async () => {
    const vote = {
      thought: "P4 left the room",
      vote: "Player_4",
      trust_scores: { Player_0: 0.8, Player_3: 0.6, Player_4: 0.1 },
      statement: null,
    };
    const agent = await agentFor(sequence({ content: JSON.stringify(vote) }));
    const reply = await agent.decide(SAMPLE_REQUESTS.vote);

    expect(reply.output).toEqual(vote);
    const schema = fake!.requests[0].response_format?.json_schema?.schema as Record<string, any>;
    expect(Object.keys(schema.properties.trust_scores.properties)).toEqual(["Player_0", "Player_3", "Player_4"]);
  });

  it("asks for a list of actions when the request allows a macro, and decodes it", async () => {
    const agent = await agentFor(sequence({ content: JSON.stringify({ thought: "go", actions: [0, 0, 8] }) }), {
      options: { socialgrid: { macro: true } },
    });
    const reply = await agent.decide(actRequest({ allowed_actions: [0, 7], max_actions: 5 }));

    expect(reply.output).toEqual({ thought: "go", actions: [0, 0, 8] });
    expect(reply.decision).toEqual({ kind: "act", actions: [0, 0, 8] });
    const schema = fake!.requests[0].response_format?.json_schema?.schema as Record<string, any>;
    expect(schema.properties.actions.maxItems).toBe(5);
    expect(agent.options).toEqual({ socialgrid: { macro: true } });
  });

  it("reads the API key at call time and reports a missing one as a config error", async () => {
    const agent = await agentFor(sequence({ content: validAct }), { apiKeyEnv: "UNSET_FOR_TEST_API_KEY" });
    const reply = await agent.decide(SAMPLE_REQUESTS.act);
    expect(reply.error).toMatchObject({
      kind: "config",
      message: "environment variable UNSET_FOR_TEST_API_KEY is not set",
    });

    process.env.UNSET_FOR_TEST_API_KEY = "sk-late";
    try {
      expect((await agent.decide(SAMPLE_REQUESTS.act)).error).toBeUndefined();
      expect(fake!.authorizations.at(-1)).toBe("Bearer sk-late");
    } finally {
      delete process.env.UNSET_FOR_TEST_API_KEY;
    }
  });

  it("is called concurrently without serialising (one step's seats at once)", async () => {
    const agent = await agentFor(sequence({ content: validAct, delayMs: 200 }));
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: 7 }, () => agent.decide(SAMPLE_REQUESTS.act)));
    expect(replies.every((r) => r.error === undefined)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("LLM agent config", () => {
  it("fills defaults and only accepts *_API_KEY variable names", () => {
    const config = llmAgentConfigSchema.parse({ kind: "llm", baseURL: "http://localhost:8000/v1", model: "qwen" });
    expect(config).toMatchObject({ temperature: 0, timeoutMs: 240_000 });
    expect(config.options).toBeUndefined();
    const withKey = { kind: "llm", baseURL: "https://api.openai.com/v1", model: "gpt-x" };
    expect(llmAgentConfigSchema.safeParse({ ...withKey, apiKeyEnv: "OPENAI_API_KEY" }).success).toBe(true);
    expect(llmAgentConfigSchema.safeParse({ ...withKey, apiKeyEnv: "DATABASE_URL" }).success).toBe(false);
  });
});
