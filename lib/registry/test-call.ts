/** The Test button: one sample decision sent to a connection, reported as latency plus reply or exact failure. */
import "server-only";
import { testCall } from "@/lib/agents/test-call";
import type { AgentError } from "@/lib/agents/types";
import { env } from "@/lib/env";
import type { Connection } from "./submission";

export type TestCallView =
  | { ok: true; latencyMs: number; reply: unknown }
  | { ok: false; latencyMs: number; error: AgentError };

/** `secret`: what remote requests are signed with (the agent's own, or a one-off one before registration). */
export async function testConnection(connection: Connection, secret: string): Promise<TestCallView> {
  const config = connection.kind === "remote" ? { ...connection, secret } : connection;
  const result = await testCall(config, { allowPrivate: env().ALLOW_PRIVATE_AGENT_URLS });
  return result.ok
    ? { ok: true, latencyMs: result.latencyMs, reply: result.reply.output }
    : { ok: false, latencyMs: result.latencyMs, error: result.error };
}
