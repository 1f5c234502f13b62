import { builtinAgentNames, createAgent, type AgentConfigInput } from "@/lib/agents";
import type { Agent } from "@/lib/agents/types";
import { env } from "@/lib/env";
import type { Agent as AgentRow, PrismaClient } from "@/lib/generated/prisma/client";
import { RANDOM_BOT, randomBot } from "./random-bot";

/** Builds the Agent for one seat of one episode from its database row. */
export type AgentFactory = (row: AgentRow, seat: number, episodeId: string) => Agent;

/** Every kind through `createAgent`: the row's kind and id over its stored config. */
export const agentFromRow: AgentFactory = (row) => {
  const builtin = row.config as { name?: unknown; seed?: unknown } | null;
  if (row.kind === "builtin" && builtin?.name === RANDOM_BOT) return randomBot(row.id, Number(builtin.seed ?? 0));
  return createAgent({ ...(row.config as object), kind: row.kind, id: row.id } as AgentConfigInput, {
    allowPrivate: env().ALLOW_PRIVATE_AGENT_URLS,
  });
};

/** Every built-in bot this build knows, by name. */
export const builtinBotNames = (): string[] => [...new Set([...builtinAgentNames(), RANDOM_BOT])];

/** Creates (or keeps) one Agent row per built-in bot; safe to run at every start and from many processes. */
export async function registerBuiltinAgents(prisma: PrismaClient, games: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of builtinBotNames()) {
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
