/** Shared set-up for runtime tests: agent rows, a runner over the counting game, and log helpers. */
import { randomUUID } from "node:crypto";
import type { Agent } from "@/lib/agents/types";
import { localBus, type ArenaBus } from "@/lib/arena/bus";
import type { GameRegistry } from "@/lib/games/registry";
import { silentLogger } from "@/lib/arena/log";
import { EpisodeRunner, type RunnerOptions } from "@/lib/arena/runner";
import { createEpisode, readAllEvents } from "@/lib/arena/store";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { countingArena, countingAgent } from "./counting-game";

export const testGames: GameRegistry = { counting: countingArena };

/** Agent rows named after test agents; `makeAgent(name)` builds the agent for a seat. */
export async function ensureAgentRows(prisma: PrismaClient, names: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of names) {
    const row = await prisma.agent.upsert({
      where: { name },
      create: { name, kind: "builtin", config: { name }, games: ["counting"] },
      update: {},
    });
    ids.set(name, row.id);
  }
  return ids;
}

export type AgentMaker = (name: string, seat: number) => Agent;

export const deterministicAgents: AgentMaker = (name) => countingAgent(name);

export function testRunner(
  prisma: PrismaClient,
  options: Partial<RunnerOptions> & { makeAgent?: AgentMaker; bus?: ArenaBus } = {},
): EpisodeRunner {
  const makeAgent = options.makeAgent ?? deterministicAgents;
  return new EpisodeRunner({
    prisma,
    games: testGames,
    bus: options.bus ?? localBus(),
    owner: options.owner ?? `test-${randomUUID()}`,
    leaseMs: options.leaseMs ?? 10_000,
    decisionTimeoutMs: options.decisionTimeoutMs ?? 2_000,
    createAgent: (row, seat) => makeAgent(row.name, seat),
    logger: options.logger ?? silentLogger(),
    ...options,
  });
}

export async function countingEpisode(
  prisma: PrismaClient,
  agentNames: string[],
  options: { seed?: number; target?: number; demo?: boolean } = {},
): Promise<string> {
  const ids = await ensureAgentRows(prisma, agentNames);
  return createEpisode(prisma, testGames, {
    game: "counting",
    config: { players: agentNames.length, target: options.target ?? 40 },
    seed: options.seed ?? 7,
    demo: options.demo ?? false,
    participants: agentNames.map((name, seat) => ({ seat, agentId: ids.get(name)! })),
  });
}

export const payloads = async (prisma: PrismaClient, episodeId: string) =>
  (await readAllEvents(prisma, episodeId)).map((e) => e.payload);
