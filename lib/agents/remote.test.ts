import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAgentServer, type FakeAgentServer } from "../../tests/support/fake-agent-server";
import { SAMPLE_REQUESTS } from "../../tests/support/requests";
import { requestSchemaOf } from "./protocol";
import { createRemoteAgent, remoteAgentConfigSchema } from "./remote";
import { OverageBudget } from "./safe-http";
import { generateWebhookSecret } from "./signing";
import type { AgentErrorKind, AgentReply } from "./types";

const secret = generateWebhookSecret();
let server: FakeAgentServer;
beforeAll(async () => {
  server = await startFakeAgentServer();
});
afterAll(() => server.close());

function agentAt(path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) {
  const config = remoteAgentConfigSchema.parse({
    kind: "remote",
    url: server.url(path),
    secret,
    timeoutMs: options.timeoutMs ?? 2_000,
  });
  return createRemoteAgent(config, { allowPrivate: options.allowPrivate ?? true, budget: new OverageBudget(0) });
}

describe("remote agent, valid endpoint", () => {
  it.each(["act", "vote", "statement"] as const)("returns the validated %s reply", async (kind) => {
    const reply = await agentAt("/ok").decide(SAMPLE_REQUESTS[kind]);
    expect(reply.error).toBeUndefined();
    expect(reply.output).toBeTypeOf("object");
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("sends the protocol request, signed as a Standard Webhook", async () => {
    const sample = SAMPLE_REQUESTS.act;
    const reply = await agentAt("/ok").decide(sample);
    expect(reply).toMatchObject({
      output: { action: 0 },
      decision: { kind: "act", actions: [0] },
      thought: "heading to my task",
    });

    const received = server.requests.at(-1)!;
    // The envelope and the kind's payload, side by side, as the game's request schema says.
    const request = requestSchemaOf(sample.spec).parse(JSON.parse(received.body));
    expect(request).toMatchObject({
      protocol: "social-arena/1",
      episode_id: "test-call",
      game: "socialgrid",
      seat: sample.seat,
      player: `Player_${sample.seat}`,
      kind: "act",
      allowed_actions: [0, 1, 2, 3, 4, 5, 6, 7, 9, 12],
      max_actions: 1,
      deadline_ms: 2_000,
    });
    expect(JSON.parse(received.body)).not.toHaveProperty("spec");
    expect(received.headers["content-type"]).toBe("application/json");
    expect(received.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const headers = {
      "webhook-id": String(received.headers["webhook-id"]),
      "webhook-timestamp": String(received.headers["webhook-timestamp"]),
      "webhook-signature": String(received.headers["webhook-signature"]),
    };
    expect(new Webhook(secret).verify(received.body, headers)).toEqual(JSON.parse(received.body));
    expect(() => new Webhook(generateWebhookSecret()).verify(received.body, headers)).toThrow();
    const tampered = received.body.replace(`"seat":${sample.seat}`, `"seat":${sample.seat + 1}`);
    expect(tampered).not.toBe(received.body);
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
  });

  it("gives every request a fresh message id", async () => {
    const agent = agentAt("/ok");
    await agent.decide(SAMPLE_REQUESTS.act);
    await agent.decide(SAMPLE_REQUESTS.act);
    const [a, b] = server.requests.slice(-2).map((r) => r.headers["webhook-id"]);
    expect(a).not.toBe(b);
  });
});

describe("remote agent faults end in a typed error, never an exception", () => {
  const cases: Array<[string, AgentErrorKind, RegExp, { timeoutMs?: number }?]> = [
    ["/slow", "timeout", /no complete reply within 300 ms/, { timeoutMs: 300 }],
    ["/500", "http", /HTTP 500/],
    ["/not-json", "parse", /not JSON/],
    ["/wrong-shape", "schema", /does not match/],
    ["/illegal", "illegal_action", /13 \(KILL\) is not allowed/],
    ["/huge", "too_large", /exceeds 65536 bytes/],
    ["/huge-declared", "too_large", /exceeds 65536/],
    ["/drip", "timeout", /no complete reply/, { timeoutMs: 400 }],
    ["/redirect-loopback", "http", /redirect not followed: HTTP 302/],
    ["/redirect-metadata", "http", /redirect not followed: HTTP 307 to http:\/\/169\.254\.169\.254/],
    ["/html", "http", /content-type application\/json, got text\/html/],
  ];

  it.each(cases)("%s → %s", async (path, kind, message, options) => {
    const before = server.requests.length;
    const reply: AgentReply = await agentAt(path, options).decide(SAMPLE_REQUESTS.act);
    // No decision: the runner applies the game's fallback.
    expect(reply.decision).toBeUndefined();
    expect(reply.error?.kind).toBe(kind);
    expect(reply.error?.message).toMatch(message);
    // Exactly one request reached the server: redirects were not followed.
    expect(server.requests.length).toBe(before + 1);
  });

  it("aborts a 10 MB body while it streams instead of reading it all", async () => {
    await agentAt("/huge").decide(SAMPLE_REQUESTS.act);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.abandoned).toContain("/huge");
  });

  it("keeps the offending body as raw output for the agent_error event", async () => {
    const reply = await agentAt("/not-json").decide(SAMPLE_REQUESTS.act);
    expect(reply.error?.raw).toBe("this is not json");
  });

  it("with the guard on, refuses the loopback endpoint, by address or by name, without sending anything", async () => {
    const before = server.requests.length;
    const byAddress = await agentAt("/ok", { allowPrivate: false }).decide(SAMPLE_REQUESTS.act);
    expect(byAddress.error?.kind).toBe("blocked");

    const config = remoteAgentConfigSchema.parse({
      kind: "remote",
      url: server.url("/ok").replace("127.0.0.1", "localhost"),
      secret,
    });
    const byName = await createRemoteAgent(config).decide(SAMPLE_REQUESTS.act);
    expect(byName.error).toMatchObject({ kind: "blocked", message: expect.stringMatching(/^localhost resolves to/) });
    expect(server.requests.length).toBe(before);
  });

  it("answers with the request deadline when it is shorter than the agent's timeout", async () => {
    const reply = await agentAt("/slow", { timeoutMs: 5_000 }).decide({ ...SAMPLE_REQUESTS.act, deadlineMs: 200 });
    expect(reply.error?.kind).toBe("timeout");
    expect(reply.latencyMs).toBeLessThan(1_000);
    expect(JSON.parse(server.requests.at(-1)!.body).deadline_ms).toBe(200);
  });
});

describe("remote agent config", () => {
  it("requires an http(s) URL without credentials and a whsec_ secret", () => {
    const valid = { kind: "remote", url: "https://agent.example.com/decide", secret };
    expect(remoteAgentConfigSchema.parse(valid).timeoutMs).toBe(10_000);
    expect(remoteAgentConfigSchema.safeParse({ ...valid, url: "ftp://agent.example.com" }).success).toBe(false);
    expect(remoteAgentConfigSchema.safeParse({ ...valid, url: "https://u:p@agent.example.com" }).success).toBe(false);
    expect(remoteAgentConfigSchema.safeParse({ ...valid, secret: "hunter2" }).success).toBe(false);
  });
});
