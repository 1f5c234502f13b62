/**
 * `testCall`: the submission form's "Test" button. Sends one real-shaped request of a registered game (an
 * example request from a seeded game) to the configured agent and reports the checked reply and its
 * latency. Never throws.
 */
import "server-only";
import { z } from "zod";
import { exampleRequest } from "@/engine/core/examples";
import { DEFAULT_GAME, gameModule } from "@/lib/games/registry";
import { agentConfigSchema, createAgent, type AgentOptions } from "./create-agent";
import { agentError, errorMessage } from "./reply";
import { OverageBudget } from "./safe-http";
import type { Agent, AgentError, AgentReply, DecisionRequest } from "./types";

export type TestCallResult =
  | { ok: true; latencyMs: number; reply: AgentReply }
  | { ok: false; latencyMs: number; error: AgentError; reply?: AgentReply };

export const TEST_EPISODE = "test-call";
const TEST_DEADLINE_MS = 30_000;

/** The test request of a game's decision kind (default: the default game's first kind), or why there is none. */
export function testRequest(game = DEFAULT_GAME, kind?: string): DecisionRequest | string {
  const module = gameModule(game);
  if (!module) return `unknown game "${game}"`;
  const chosen = kind ?? Object.keys(module.decisions)[0];
  const spec = Object.hasOwn(module.decisions, chosen) ? module.decisions[chosen] : undefined;
  if (!spec) return `${module.title} has no "${chosen}" decision; kinds: ${Object.keys(module.decisions).join(", ")}`;
  const { request, prompt } = exampleRequest(module, chosen);
  return { ...request, episodeId: TEST_EPISODE, prompt, deadlineMs: TEST_DEADLINE_MS, spec };
}

export async function testCall(
  config: unknown,
  options: AgentOptions & { game?: string; kind?: string } = {},
): Promise<TestCallResult> {
  const request = testRequest(options.game, options.kind);
  if (typeof request === "string") return { ok: false, latencyMs: 0, error: agentError("config", request) };
  const parsed = agentConfigSchema.safeParse(config);
  if (!parsed.success) {
    return { ok: false, latencyMs: 0, error: agentError("config", z.prettifyError(parsed.error)) };
  }
  let agent: Agent;
  try {
    agent = createAgent(parsed.data, { ...options, budget: options.budget ?? new OverageBudget(0) });
  } catch (err) {
    return { ok: false, latencyMs: 0, error: agentError("config", errorMessage(err)) };
  }
  const reply = await agent.decide(request);
  return reply.error
    ? { ok: false, latencyMs: reply.latencyMs, error: reply.error, reply }
    : { ok: true, latencyMs: reply.latencyMs, reply };
}
