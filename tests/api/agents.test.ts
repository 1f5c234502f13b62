/** Agent registration, owner tokens, derived signing secrets, test calls, edits and the LLM key allowlist. */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_REQUESTS } from "../support/requests";
import { sha256 } from "@/lib/security/tokens";
import { apiTestEnv, call, useApiDatabase } from "../support/api";
import type { TestDatabase } from "../support/db";
import { startFakeAgentServer, type FakeAgentServer } from "../support/fake-agent-server";
import { sequence, startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai";

const llmServer: FakeOpenAI = await startFakeOpenAI(
  sequence({ content: JSON.stringify({ thought: "go", action: 0 }) }),
);
apiTestEnv({ LLM_PROVIDERS: `TEST_LLM_API_KEY=${llmServer.baseURL}`, TEST_LLM_API_KEY: "sk-test-secret-value" });

const agents = await import("@/app/api/agents/route");
const agentTest = await import("@/app/api/agents/test/route");
const agentById = await import("@/app/api/agents/[id]/route");
const ownerTest = await import("@/app/api/agents/[id]/test/route");
const { agentFromRow } = await import("@/lib/arena/agents");
const { agentSigningSecret } = await import("@/lib/security/master-key");

let db: TestDatabase;
let agentServer: FakeAgentServer;
beforeAll(async () => {
  db = await useApiDatabase();
  agentServer = await startFakeAgentServer();
});
afterAll(async () => {
  await agentServer.close();
  await llmServer.close();
  await db.destroy();
});

const register = (body: Record<string, unknown>) => call(agents.POST, { method: "POST", url: "/api/agents", body });
const remoteBody = (name: string, path = "/ok") => ({
  kind: "remote",
  name,
  url: agentServer.url(path),
  games: ["socialgrid"],
  description: "plays NOOP",
});

describe("registration", () => {
  it("shows the owner token and signing secret once and stores neither", async () => {
    const { status, body } = await register(remoteBody("Signed Sam"));
    expect(status).toBe(201);
    expect(body.ownerToken).toMatch(/^sa_[A-Za-z0-9_-]{43}$/);
    expect(body.signingSecret).toBe(agentSigningSecret(body.agent.id));
    expect(body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.agent).toMatchObject({
      name: "Signed Sam",
      kind: "remote",
      status: "active",
      ownerTokenHint: body.ownerToken.slice(0, 9),
    });

    const row = await db.prisma.agent.findUniqueOrThrow({ where: { id: body.agent.id } });
    expect(row.ownerTokenHash).toBe(sha256(body.ownerToken));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(body.ownerToken);
    expect(stored).not.toContain(body.signingSecret.slice("whsec_".length));
    expect(row.config).toEqual({ url: agentServer.url("/ok"), timeoutMs: 10_000 });

    const listed = await call(agents.GET, { url: "/api/agents?kind=remote" });
    expect(listed.body.agents).toEqual([expect.objectContaining({ id: body.agent.id, endpoint: agentServer.origin })]);
    expect(JSON.stringify(listed.body)).not.toMatch(/ownerToken|\/ok/);
  });

  it("signs the runtime's requests with the secret shown at registration", async () => {
    const { body } = await register(remoteBody("Verifier Vic"));
    const row = await db.prisma.agent.findUniqueOrThrow({ where: { id: body.agent.id } });
    const before = agentServer.requests.length;
    const reply = await agentFromRow(row, 0, "ep").decide(SAMPLE_REQUESTS.act);
    expect(reply.error).toBeUndefined();
    const received = agentServer.requests[before];
    const headers = received.headers as Record<string, string>;
    expect(new Webhook(body.signingSecret).verify(received.body, headers)).toMatchObject({
      episode_id: "test-call",
      kind: "act",
    });
  });

  it("refuses a taken name whatever its case", async () => {
    await register(remoteBody("Twin"));
    const { status, body } = await register(remoteBody("tWIN"));
    expect(status).toBe(409);
    expect(body.fieldErrors).toEqual({ name: ["this name is taken"] });
  });
});

describe("test calls", () => {
  it("reports latency and the validated reply before registration", async () => {
    const { status, body } = await call(agentTest.POST, {
      method: "POST",
      url: "/api/agents/test",
      body: { kind: "remote", url: agentServer.url("/ok") },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, reply: { action: expect.any(Number) } });
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("reports the exact failure", async () => {
    const wrong = await call(agentTest.POST, {
      method: "POST",
      url: "/api/agents/test",
      body: { kind: "remote", url: agentServer.url("/wrong-shape") },
    });
    expect(wrong.body).toMatchObject({ ok: false, error: { kind: "schema", raw: '{"move":"north"}' } });
    const down = await call(agentTest.POST, {
      method: "POST",
      url: "/api/agents/test",
      body: { kind: "remote", url: agentServer.url("/500") },
    });
    expect(down.body).toMatchObject({ ok: false, error: { kind: "http", message: "HTTP 500" } });
  });

  it("signs the owner's test with the agent's real secret", async () => {
    const { body } = await register(remoteBody("Owner Test"));
    const before = agentServer.requests.length;
    const result = await call(ownerTest.POST, {
      method: "POST",
      url: "/t",
      params: { id: body.agent.id },
      token: body.ownerToken,
    });
    expect(result.body).toMatchObject({ ok: true });
    const received = agentServer.requests[before];
    expect(() =>
      new Webhook(body.signingSecret).verify(received.body, received.headers as Record<string, string>),
    ).not.toThrow();
  });
});

describe("owner operations", () => {
  it("shows the config only to the owner, and records when the token was used", async () => {
    const { body } = await register(remoteBody("Private Pat", "/ok?key=abc"));
    const anonymous = await call(agentById.GET, { url: "/a", params: { id: body.agent.id } });
    expect(anonymous.body.agent.config).toBeUndefined();
    expect(JSON.stringify(anonymous.body)).not.toContain("key=abc");
    const owner = await call(agentById.GET, { url: "/a", params: { id: body.agent.id }, token: body.ownerToken });
    expect(owner.body.agent.config.url).toContain("key=abc");
    expect(owner.body.agent.ownerTokenUsedAt).not.toBeNull();
  });

  it("edits, pauses and validates the merged connection", async () => {
    const { body } = await register(remoteBody("Editable Ed"));
    const patch = (update: unknown) =>
      call(agentById.PATCH, {
        method: "PATCH",
        url: "/a",
        params: { id: body.agent.id },
        token: body.ownerToken,
        body: update,
      });
    expect((await patch({ status: "paused", description: "resting" })).body.agent).toMatchObject({
      status: "paused",
      description: "resting",
    });
    expect((await patch({ timeoutMs: 2_000 })).body.agent.config).toEqual({
      url: agentServer.url("/ok"),
      timeoutMs: 2_000,
    });
    await register(remoteBody("Taken Name"));
    expect((await patch({ name: "taken name" })).status).toBe(409);
    const blocked = await patch({ url: "http://user:pw@example.com/" });
    expect(blocked.status).toBe(400);
    expect(blocked.body.fieldErrors).toHaveProperty("url");
  });

  it("deletes an agent that never played, and retires one that did", async () => {
    const fresh = (await register(remoteBody("Short Lived"))).body;
    const gone = await call(agentById.DELETE, {
      method: "DELETE",
      url: "/a",
      params: { id: fresh.agent.id },
      token: fresh.ownerToken,
    });
    expect(gone.body).toEqual({ deleted: true, mode: "deleted" });
    expect(await db.prisma.agent.findUnique({ where: { id: fresh.agent.id } })).toBeNull();

    const veteran = (await register(remoteBody("Veteran"))).body;
    await db.prisma.episode.create({
      data: {
        game: "socialgrid",
        rulesetVersion: "t",
        config: {},
        seed: 1,
        participants: { create: { seat: 0, agentId: veteran.agent.id } },
      },
    });
    const retired = await call(agentById.DELETE, {
      method: "DELETE",
      url: "/a",
      params: { id: veteran.agent.id },
      token: veteran.ownerToken,
    });
    expect(retired.body.mode).toBe("retired");
    expect(
      (await call(agents.GET, { url: "/api/agents" })).body.agents.map((a: { name: string }) => a.name),
    ).not.toContain("Veteran");
    expect((await call(agentById.GET, { url: "/a", params: { id: veteran.agent.id } })).status).toBe(404);
    expect(
      (
        await call(agentById.PATCH, {
          method: "PATCH",
          url: "/a",
          params: { id: veteran.agent.id },
          token: veteran.ownerToken,
          body: { status: "active" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("LLM agents: the server's API key only goes where the operator allows", () => {
  const llm = (name: string, baseURL: string) => ({
    kind: "llm",
    name,
    baseURL,
    model: "m1",
    apiKeyEnv: "TEST_LLM_API_KEY",
    games: ["socialgrid"],
  });

  it("refuses a base URL that is not allowlisted for the key variable", async () => {
    const { status, body } = await register(llm("Key Thief", "https://collector.example.com/v1"));
    expect(status).toBe(400);
    expect(body.fieldErrors.baseURL[0]).toMatch(
      /not an allowed pair; allowed: TEST_LLM_API_KEY → http:\/\/127\.0\.0\.1/,
    );
    expect(await db.prisma.agent.count({ where: { name: "Key Thief" } })).toBe(0);
  });

  it("accepts the allowlisted pair, tests it, and sends the key there only", async () => {
    const { status, body } = await register(llm("Honest Model", `${llmServer.baseURL}/`));
    expect(status).toBe(201);
    expect(body.signingSecret).toBeUndefined();
    const test = await call(ownerTest.POST, {
      method: "POST",
      url: "/t",
      params: { id: body.agent.id },
      token: body.ownerToken,
    });
    expect(test.body).toMatchObject({ ok: true, reply: { action: 0 } });
    expect(llmServer.authorizations.at(-1)).toBe("Bearer sk-test-secret-value");
  });

  it("refuses to build a submitted LLM agent whose stored pair is no longer allowed", async () => {
    const { body } = await register(llm("Tampered", llmServer.baseURL));
    const row = await db.prisma.agent.update({
      where: { id: body.agent.id },
      data: { config: { baseURL: "https://collector.example.com/v1", model: "m1", apiKeyEnv: "TEST_LLM_API_KEY" } },
    });
    expect(() => agentFromRow(row, 0, "ep")).toThrow(/not an allowed pair/);
  });
});
