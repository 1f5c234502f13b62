import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FAULT_ROUTES, startFakeAgentServer, type FakeAgentServer } from "../../tests/support/fake-agent-server";
import { isBlockedAddress } from "./ip-policy";
import { OverageBudget, safePostJson, type PostJsonOptions } from "./safe-http";

const anyObject = z.record(z.string(), z.unknown());
const body = JSON.stringify({ kind: "act", allowed_actions: [7], players: [] });

let server: FakeAgentServer;
beforeAll(async () => {
  server = await startFakeAgentServer({
    ...FAULT_ROUTES,
    "/after-300ms": (_request, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), 300);
    },
  });
});
afterAll(() => server.close());

const post = (url: string, options: Partial<PostJsonOptions<unknown>> = {}) =>
  safePostJson(url, body, { timeoutMs: 2_000, schema: anyObject, allowPrivate: true, ...options });

describe("address policy", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "fe80::1",
    "fd12:3456::1",
    "ff02::1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "not-an-ip",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "::ffff:8.8.8.8",
    "2606:4700:4700::1111",
    "2a00:1450:4001:800::200e",
  ])("allows %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe("safePostJson with the guard on", () => {
  it.each([
    ["an IPv4 loopback literal", () => server.url("/ok")],
    ["an IPv6 loopback literal", () => server.url("/ok").replace("127.0.0.1", "[::1]")],
    ["an IPv4-mapped IPv6 literal", () => server.url("/ok").replace("127.0.0.1", "[::ffff:127.0.0.1]")],
    ["the metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["localhost, resolved by the system", () => server.url("/ok").replace("127.0.0.1", "localhost")],
    ["localhost over https", () => server.url("/ok").replace("http://127.0.0.1", "https://localhost")],
  ])("refuses %s before anything is sent", async (_name, url) => {
    const before = server.requests.length;
    const result = await post(url(), { allowPrivate: false });
    expect(result).toMatchObject({ ok: false, error: { kind: "blocked" } });
    expect(server.requests.length).toBe(before);
  });

  it("refuses a host name resolving to a private address, and one mixing public and private", async () => {
    const resolve = async (host: string) =>
      host === "rebind.example.test"
        ? [
            { address: "8.8.8.8", family: 4 },
            { address: "127.0.0.1", family: 4 },
          ]
        : [{ address: "10.0.0.7", family: 4 }];
    for (const host of ["agent.example.test", "rebind.example.test"]) {
      const result = await post(`http://${host}:${new URL(server.origin).port}/ok`, { allowPrivate: false, resolve });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe("blocked");
        expect(result.error.message).toContain(host);
      }
    }
  });

  it("connects to the address the resolver returned (so the checked address is the one used)", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const url = `http://agent.example.test:${new URL(server.origin).port}/ok`;
    expect(await post(url, { resolve })).toMatchObject({ ok: true, data: { action: 7 } });
    expect(server.requests.at(-1)?.headers.host).toBe(`agent.example.test:${new URL(server.origin).port}`);
  });

  it("refuses other schemes and URLs with credentials", async () => {
    expect(await post("file:///etc/passwd")).toMatchObject({ ok: false, error: { kind: "blocked" } });
    expect(await post(server.url("/ok").replace("http://", "http://user:pw@"))).toMatchObject({
      ok: false,
      error: { kind: "blocked" },
    });
    expect(await post("not a url")).toMatchObject({ ok: false, error: { kind: "config" } });
  });
});

describe("safePostJson limits", () => {
  it("reports a refused connection as a network error", async () => {
    const closed = await startFakeAgentServer({});
    await closed.close();
    const result = await post(closed.url("/ok"));
    expect(result).toMatchObject({ ok: false, error: { kind: "network" } });
    if (!result.ok) expect(result.error.message).toContain("ECONNREFUSED");
  });

  it("stops at the caller's abort signal", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await post(server.url("/slow"), { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: { kind: "timeout", message: "aborted by the caller" } });
    expect(result.latencyMs).toBeLessThan(1_000);
  });

  it("does not send anything when the signal is already aborted", async () => {
    const before = server.requests.length;
    const result = await post(server.url("/ok"), { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, error: { kind: "timeout", message: "aborted by the caller" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.length).toBe(before);
  });

  it("lets a call run past its timeout on the overage budget and charges what it used", async () => {
    const budget = new OverageBudget(1_000);
    const result = await post(server.url("/after-300ms"), { timeoutMs: 100, budget });
    expect(result.ok).toBe(true);
    expect(budget.remainingMs).toBeLessThanOrEqual(1_000 - 200);
    expect(budget.remainingMs).toBeGreaterThan(400);
  });

  it("cuts calls off at timeout + remaining budget, then at the bare timeout once the budget is spent", async () => {
    const budget = new OverageBudget(300);
    const first = await post(server.url("/slow"), { timeoutMs: 100, budget });
    expect(first).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect(first.latencyMs).toBeGreaterThanOrEqual(390);
    expect(budget.remainingMs).toBe(0);

    const second = await post(server.url("/slow"), { timeoutMs: 100, budget });
    expect(second).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect(second.latencyMs).toBeLessThan(350);
  });

  it("does not charge calls that finish within their timeout", async () => {
    const budget = new OverageBudget(500);
    await post(server.url("/ok"), { budget });
    expect(budget.remainingMs).toBe(500);
  });
});
