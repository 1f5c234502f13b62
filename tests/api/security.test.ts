/** Owner tokens, derived signing secrets (file-backed master key) and the LLM provider allowlist. */
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isWebhookSecret } from "@/lib/agents/signing";

const dataDir = mkdtempSync(path.join(tmpdir(), "arena-key-"));
Object.assign(process.env, { DATA_DIR: dataDir, ARENA_SECRET_KEY: "" });

const { agentSigningSecret, masterKey } = await import("@/lib/security/master-key");
const { bearerToken, matchesHash, newOwnerToken, sameSecret } = await import("@/lib/security/tokens");
const { llmProviderProblem } = await import("@/lib/security/llm-providers");

describe("master key and signing secrets", () => {
  it("generates the key once into DATA_DIR, readable by its owner only", () => {
    const key = masterKey();
    const file = path.join(dataDir, "arena-secret.key");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(masterKey()).toBe(key);
  });

  it("derives a stable Standard Webhooks secret per agent and key", () => {
    const a = agentSigningSecret("agent-a", "k".repeat(32));
    expect(isWebhookSecret(a)).toBe(true);
    expect(agentSigningSecret("agent-a", "k".repeat(32))).toBe(a);
    expect(agentSigningSecret("agent-b", "k".repeat(32))).not.toBe(a);
    expect(agentSigningSecret("agent-a", "j".repeat(32))).not.toBe(a);
  });
});

describe("owner tokens", () => {
  it("are random, prefixed, and checked against their hash only", () => {
    const { token, hash, hint } = newOwnerToken();
    expect(token).toMatch(/^sa_[A-Za-z0-9_-]{43}$/);
    expect(hint).toBe(token.slice(0, 9));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(matchesHash(token, hash)).toBe(true);
    expect(matchesHash(`${token}x`, hash)).toBe(false);
    expect(newOwnerToken().token).not.toBe(token);
    expect(sameSecret("admin-token", "admin-token")).toBe(true);
    expect(sameSecret("admin-token", "admin-token2")).toBe(false);
  });

  it("are read from a Bearer authorization header only", () => {
    const request = (authorization?: string) =>
      new Request("http://x/", { headers: authorization ? { authorization } : {} });
    expect(bearerToken(request("Bearer sa_abc"))).toBe("sa_abc");
    expect(bearerToken(request("bearer sa_abc "))).toBe("sa_abc");
    expect(bearerToken(request("Basic c2E6YWJj"))).toBeNull();
    expect(bearerToken(request("Bearer a b"))).toBeNull();
    expect(bearerToken(request())).toBeNull();
  });
});

describe("LLM provider allowlist", () => {
  const providers = [
    { apiKeyEnv: "OPENAI_API_KEY", baseURL: "https://api.openai.com/v1" },
    { apiKeyEnv: null, baseURL: "http://vllm:8000/v1/" },
  ];
  it.each([
    ["OPENAI_API_KEY", "https://api.openai.com/v1", true],
    ["OPENAI_API_KEY", "https://API.openai.com/v1/", true],
    [undefined, "http://vllm:8000/v1", true],
    ["OPENAI_API_KEY", "http://vllm:8000/v1", false],
    [undefined, "https://api.openai.com/v1", false],
    ["OPENAI_API_KEY", "https://api.openai.com/v1/../../collector", false],
    ["OPENAI_API_KEY", "https://api.openai.com.evil.example/v1", false],
    ["OTHER_API_KEY", "https://api.openai.com/v1", false],
  ])("%s → %s allowed: %s", (key, url, allowed) => {
    expect(llmProviderProblem(key, url, providers) === null).toBe(allowed);
  });

  it("accepts no LLM agent when nothing is configured", () => {
    expect(llmProviderProblem("OPENAI_API_KEY", "https://api.openai.com/v1", [])).toMatch(
      /has not configured LLM_PROVIDERS/,
    );
  });
});
