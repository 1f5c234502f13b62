import { createAgent, type AgentConfigInput } from "@/lib/agents";
import type { Agent } from "@/lib/agents/types";
import { env } from "@/lib/env";
import type { Agent as AgentRow } from "@/lib/generated/prisma/client";

/** Builds the Agent for one seat of one episode from its database row. */
export type AgentFactory = (row: AgentRow, seat: number, episodeId: string) => Agent;

/** Every kind through `createAgent`: the row's kind and id over its stored config. */
export const agentFromRow: AgentFactory = (row) =>
  createAgent({ ...(row.config as object), kind: row.kind, id: row.id } as AgentConfigInput, {
    allowPrivate: env().ALLOW_PRIVATE_AGENT_URLS,
  });
