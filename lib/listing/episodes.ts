/** Episode listings with filters and cursor paging, for /api/episodes, the /episodes page and the agent and league pages. */
import "server-only";
import { z } from "zod";
import { idSchema } from "@/lib/api/http";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

export const episodeQuerySchema = z
  .object({
    game: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/, "lower-case letters, digits, _ and - only")
      .optional(),
    status: z
      .enum(["queued", "running", "finished", "failed"], { error: "queued, running, finished or failed" })
      .optional(),
    agent: idSchema.optional(),
    league: idSchema.optional(),
    demo: z
      .enum(["true", "false"], { error: "true or false" })
      .transform((v) => v === "true")
      .optional(),
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "at least 1")
      .max(100, "at most 100")
      .default(20),
    /** The `nextCursor` of the previous page. */
    cursor: idSchema.optional(),
  })
  .strict();

export type EpisodeQuery = z.output<typeof episodeQuerySchema>;

/** What `listEpisodes` filters on: the API's query, plus any of several statuses and the winning side (for the /episodes page). */
export type EpisodeListFilter = Partial<Omit<EpisodeQuery, "status">> & {
  status?: EpisodeQuery["status"] | Array<NonNullable<EpisodeQuery["status"]>>;
  /** The `winner` the game reported in its result. */
  winner?: string;
};

export interface EpisodeListItem {
  id: string;
  game: string;
  status: "queued" | "running" | "finished" | "failed";
  demo: boolean;
  seed: number;
  eventCount: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** As the game reports it (e.g. `{ winner, reason }`); null until finished. */
  result: unknown;
  leagueId: string | null;
  participants: Array<{ seat: number; agentId: string; agentName: string; role: string | null }>;
}

const select = {
  id: true,
  game: true,
  status: true,
  demo: true,
  seed: true,
  eventCount: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  result: true,
  leagueMatch: { select: { leagueId: true } },
  participants: {
    select: { seat: true, agentId: true, role: true, agent: { select: { name: true } } },
    orderBy: { seat: "asc" },
  },
} as const satisfies Prisma.EpisodeSelect;

type Row = Prisma.EpisodeGetPayload<{ select: typeof select }>;

const toItem = (row: Row): EpisodeListItem => ({
  id: row.id,
  game: row.game,
  status: row.status,
  demo: row.demo,
  seed: row.seed,
  eventCount: row.eventCount,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  result: row.result ?? null,
  leagueId: row.leagueMatch?.leagueId ?? null,
  participants: row.participants.map((p) => ({
    seat: p.seat,
    agentId: p.agentId,
    agentName: p.agent.name,
    role: p.role,
  })),
});

export async function listEpisodes(
  prisma: PrismaClient,
  query: EpisodeListFilter = {},
): Promise<{ episodes: EpisodeListItem[]; nextCursor: string | null }> {
  const limit = query.limit ?? 20;
  const rows = await prisma.episode.findMany({
    where: {
      ...(query.game && { game: query.game }),
      ...(query.status && { status: Array.isArray(query.status) ? { in: query.status } : query.status }),
      ...(query.demo !== undefined && { demo: query.demo }),
      ...(query.agent && { participants: { some: { agentId: query.agent } } }),
      ...(query.league && { leagueMatch: { is: { leagueId: query.league } } }),
      ...(query.winner && { result: { path: ["winner"], equals: query.winner } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(query.cursor && { cursor: { id: query.cursor }, skip: 1 }),
    select,
  });
  const page = rows.slice(0, limit);
  return { episodes: page.map(toItem), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}
