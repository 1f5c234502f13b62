/** The agent registry: registration with a one-time owner token, owner authentication, edits and removal. */
import "server-only";
import { z } from "zod";
import { ApiError, invalid } from "@/lib/api/http";
import type { Agent as AgentRow, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { agentSigningSecret } from "@/lib/security/master-key";
import { bearerToken, matchesHash, newOwnerToken } from "@/lib/security/tokens";
import {
  CONNECTION_FIELDS,
  connectionSchema,
  storedConfig,
  type AgentPatch,
  type Submission,
  type SubmissionPolicy,
} from "./submission";

export interface PublicAgent {
  id: string;
  name: string;
  kind: AgentRow["kind"];
  description: string;
  games: string[];
  status: AgentRow["status"];
  /** Where it plays from, without paths or secrets: the endpoint's origin, or model @ provider host. */
  endpoint: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the owner (holding the token) sees in addition. */
export interface OwnerAgent extends PublicAgent {
  config: Record<string, unknown>;
  ownerTokenHint: string | null;
  ownerTokenUsedAt: string | null;
}

function endpointOf(row: Pick<AgentRow, "kind" | "config">): string | null {
  const config = (row.config ?? {}) as Record<string, unknown>;
  try {
    if (row.kind === "remote" && typeof config.url === "string") return new URL(config.url).origin;
    if (row.kind === "llm" && typeof config.baseURL === "string")
      return `${String(config.model)} @ ${new URL(config.baseURL).host}`;
  } catch {
    // a malformed stored URL is shown as unknown
  }
  return null;
}

export const publicAgent = (row: AgentRow): PublicAgent => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  description: row.description,
  games: row.games,
  status: row.status,
  endpoint: endpointOf(row),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const ownerAgent = (row: AgentRow): OwnerAgent => ({
  ...publicAgent(row),
  config: (row.config ?? {}) as Record<string, unknown>,
  ownerTokenHint: row.ownerTokenHint,
  ownerTokenUsedAt: row.ownerTokenUsedAt?.toISOString() ?? null,
});

const nameTaken = () => new ApiError(409, "an agent with this name exists", { name: ["this name is taken"] });

async function assertNameFree(prisma: PrismaClient, name: string, exceptId?: string) {
  const clash = await prisma.agent.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId && { id: { not: exceptId } }) },
    select: { id: true },
  });
  if (clash) throw nameTaken();
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "P2002";

export interface Registration {
  agent: OwnerAgent;
  /** Shown once; only its SHA-256 is stored. */
  ownerToken: string;
  /** Remote agents: the Standard Webhooks secret their requests are signed with (derived, never stored). */
  signingSecret?: string;
}

export async function registerAgent(prisma: PrismaClient, submission: Submission): Promise<Registration> {
  await assertNameFree(prisma, submission.name);
  const token = newOwnerToken();
  let row: AgentRow;
  try {
    row = await prisma.agent.create({
      data: {
        name: submission.name,
        kind: submission.kind,
        description: submission.description,
        games: submission.games,
        config: storedConfig(submission) as Prisma.InputJsonValue,
        ownerTokenHash: token.hash,
        ownerTokenHint: token.hint,
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return {
    agent: ownerAgent(row),
    ownerToken: token.token,
    ...(row.kind === "remote" && { signingSecret: agentSigningSecret(row.id) }),
  };
}

/** The agent whose owner token the request carries (Authorization: Bearer sa_…); 401/403/404 otherwise. */
export async function authenticateOwner(prisma: PrismaClient, id: string, request: Request): Promise<AgentRow> {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, "owner token required: send Authorization: Bearer <owner token>");
  const row = await prisma.agent.findUnique({ where: { id } });
  if (!row || row.deletedAt) throw new ApiError(404, "no such agent");
  if (!row.ownerTokenHash || !matchesHash(token, row.ownerTokenHash))
    throw new ApiError(403, "this token does not own the agent");
  return prisma.agent.update({ where: { id }, data: { ownerTokenUsedAt: new Date() } });
}

/** Applies an owner's edit; connection fields are merged into the stored config and validated as a whole. */
export async function updateAgent(
  prisma: PrismaClient,
  row: AgentRow,
  patch: AgentPatch,
  policy: SubmissionPolicy,
): Promise<OwnerAgent> {
  const { name, description, games, status, ...connectionPatch } = patch;
  const allowed = row.kind === "builtin" ? [] : (CONNECTION_FIELDS[row.kind] as readonly string[]);
  const foreign = Object.keys(connectionPatch).filter((key) => !allowed.includes(key));
  if (foreign.length > 0) {
    throw new ApiError(
      400,
      `not fields of ${row.kind} agents: ${foreign.join(", ")}`,
      Object.fromEntries(foreign.map((f) => [f, [`not a field of ${row.kind} agents`]])),
    );
  }
  let config: Record<string, unknown> | undefined;
  if (Object.keys(connectionPatch).length > 0) {
    const merged = Object.fromEntries(
      Object.entries({ ...(row.config as object), ...connectionPatch }).filter(([, value]) => value !== null),
    );
    const parsed = connectionSchema(policy).safeParse({ ...merged, kind: row.kind });
    if (!parsed.success) throw invalid(parsed.error, "body");
    config = storedConfig(parsed.data);
  }
  if (name !== undefined) await assertNameFree(prisma, name, row.id);
  try {
    const updated = await prisma.agent.update({
      where: { id: row.id },
      data: { name, description, games, status, ...(config && { config: config as Prisma.InputJsonValue }) },
    });
    return ownerAgent(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Removes an agent. One that has played stays for its episodes' sake, hidden and out of play ("retired");
 * one that never played is deleted.
 */
export async function removeAgent(prisma: PrismaClient, row: AgentRow): Promise<"deleted" | "retired"> {
  const played = await prisma.episodeParticipant.count({ where: { agentId: row.id } });
  if (played === 0) {
    await prisma.agent.delete({ where: { id: row.id } });
    return "deleted";
  }
  await prisma.agent.update({
    where: { id: row.id },
    // The token hash stays: it marks the agent as user-submitted (see lib/arena/agents.ts); deletedAt locks the owner out.
    data: { deletedAt: new Date(), status: "paused" },
  });
  return "retired";
}

export const agentListQuerySchema = z.object({
  game: z.string().max(64).optional(),
  kind: z.enum(["builtin", "llm", "remote"], { error: "builtin, llm or remote" }).optional(),
  status: z.enum(["active", "paused"], { error: "active or paused" }).optional(),
  q: z.string().trim().max(100, "at most 100 characters").optional(),
});

export async function listAgents(
  prisma: PrismaClient,
  query: z.output<typeof agentListQuerySchema> = {},
): Promise<PublicAgent[]> {
  const rows = await prisma.agent.findMany({
    where: {
      deletedAt: null,
      ...(query.game && { games: { has: query.game } }),
      ...(query.kind && { kind: query.kind }),
      ...(query.status && { status: query.status }),
      ...(query.q && { name: { contains: query.q, mode: "insensitive" } }),
    },
    orderBy: { name: "asc" },
  });
  return rows.map(publicAgent);
}
