/** The /episodes page's query: live and finished episodes with filters (status, game, agent, winner), newest first. */
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

const blankAsUnset = (v: unknown) => (v === "" ? undefined : v);
/** Filters come from a form: an unknown value is ignored rather than refused. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional()).catch(undefined);

export const episodeFilterSchema = z.object({
  status: optional(z.enum(["live", "finished", "failed"])),
  game: optional(z.string().regex(/^[a-z0-9_-]{1,40}$/)),
  agent: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  winner: optional(z.string().regex(/^[A-Za-z_-]{1,40}$/)),
  cursor: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
});
export type EpisodeFilter = z.output<typeof episodeFilterSchema>;

/** Winners by game, for the filter. */
export const WINNERS: Record<string, string[]> = {
  socialgrid: ["crew", "impostors"],
  werewolf: ["villagers", "werewolves"],
  "secret-mafia": ["Village", "Mafia"],
};

export const PAGE_SIZE = 50;

const select = {
  id: true,
  game: true,
  status: true,
  demo: true,
  seed: true,
  eventCount: true,
  createdAt: true,
  result: true,
  participants: { select: { seat: true, agent: { select: { name: true } } }, orderBy: { seat: "asc" } },
} as const satisfies Prisma.EpisodeSelect;

export type EpisodeRow = Prisma.EpisodeGetPayload<{ select: typeof select }>;

export async function findEpisodes(prisma: PrismaClient, filter: EpisodeFilter): Promise<{ rows: EpisodeRow[]; next: string | null }> {
  const where: Prisma.EpisodeWhereInput = {
    ...(filter.status === "live" && { status: { in: ["queued", "running"] } }),
    ...(filter.status === "finished" && { status: "finished" }),
    ...(filter.status === "failed" && { status: "failed" }),
    ...(filter.game && { game: filter.game }),
    ...(filter.agent && { participants: { some: { agentId: filter.agent } } }),
    ...(filter.winner && { result: { path: ["winner"], equals: filter.winner } }),
  };
  const rows = await prisma.episode.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE + 1,
    ...(filter.cursor && { cursor: { id: filter.cursor }, skip: 1 }),
    select,
  });
  const page = rows.slice(0, PAGE_SIZE);
  return { rows: page, next: rows.length > PAGE_SIZE ? page.at(-1)!.id : null };
}
