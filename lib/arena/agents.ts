import "server-only";
import { builtinAgentNames, createAgent, gamesWithBot, type AgentConfigInput } from "@/lib/agents";
import type { Agent } from "@/lib/agents/types";
import { env } from "@/lib/env";
import type { Agent as AgentRow, PrismaClient } from "@/lib/generated/prisma/client";
import { llmProviderProblem } from "@/lib/security/llm-providers";
import { agentSigningSecret } from "@/lib/security/master-key";
import { LEGACY_RANDOM_BOT, RANDOM_BOT } from "./random-bot";

/** Builds the Agent for one seat of one episode from its database row. */
export type AgentFactory = (row: AgentRow, seat: number, episodeId: string) => Agent;

/**
 * Every kind through `createAgent`: the row's kind and id over its stored config. Remote agents registered
 * over the web store no secret: theirs is derived from the master key. User-submitted LLM agents (those with
 * an owner token) must still use an operator-allowed key variable and base URL.
 */
export const agentFromRow: AgentFactory = (row) => {
  const config = row.config as {
    name?: unknown;
    seed?: unknown;
    secret?: unknown;
    apiKeyEnv?: string;
    baseURL?: string;
  } | null;
  const legacy = row.kind === "builtin" && config?.name === LEGACY_RANDOM_BOT ? { name: RANDOM_BOT } : {};
  if (row.kind === "llm" && row.ownerTokenHash) {
    const problem = llmProviderProblem(config?.apiKeyEnv, String(config?.baseURL));
    if (problem) throw new Error(problem);
  }
  const secret = row.kind === "remote" && config?.secret === undefined ? { secret: agentSigningSecret(row.id) } : {};
  return createAgent(
    { ...(row.config as object), ...secret, ...legacy, kind: row.kind, id: row.id } as AgentConfigInput,
    {
      allowPrivate: env().ALLOW_PRIVATE_AGENT_URLS,
    },
  );
};

/**
 * Creates (or keeps) one Agent row per built-in bot, playing those of `runs` (the games this process runs)
 * that have a bot of its name; safe to run at every start and from many processes.
 */
export async function registerBuiltinAgents(
  prisma: PrismaClient,
  runs: readonly string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of builtinAgentNames()) {
    const games = gamesWithBot(name).filter((game) => runs.includes(game));
    const upsert = () =>
      prisma.agent.upsert({
        where: { name },
        create: { name, kind: "builtin", config: { name }, games, description: "Built-in bot" },
        update: { games },
        select: { id: true, kind: true },
      });
    // Two processes starting at once may both try to create the row; the loser's retry finds it.
    const row = await upsert().catch(upsert);
    if (row.kind === "builtin") ids.set(name, row.id);
  }
  return ids;
}
