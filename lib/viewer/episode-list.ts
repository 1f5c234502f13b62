/** The /episodes page's filters (status, game, agent, winner), read from its form and turned into an episode listing, newest first. */
import "server-only";
import { z } from "zod";
import { idSchema } from "@/lib/api/http";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { gameModule, gameModules } from "@/lib/games/registry";
import { listEpisodes } from "@/lib/listing/episodes";

const blankAsUnset = (v: unknown) => (v === "" ? undefined : v);
/** Filters come from a form: an unknown value is ignored rather than refused. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional()).catch(undefined);

export const episodeFilterSchema = z.object({
  status: optional(z.enum(["live", "finished", "failed"])),
  game: optional(z.string().regex(/^[a-z0-9_-]{1,40}$/)),
  agent: optional(idSchema),
  winner: optional(z.string().regex(/^[A-Za-z_-]{1,40}$/)),
  cursor: optional(idSchema),
});
export type EpisodeFilter = z.output<typeof episodeFilterSchema>;

/** The winners the filter offers: the teams of a game, or of every game. */
export function winnerChoices(game?: string): Array<{ id: string; label: string }> {
  const modules = game ? [gameModule(game)].filter((m) => m !== undefined) : gameModules;
  const choices = modules.flatMap((m) =>
    m.teams.map((t) => ({ id: t.id, label: game ? t.label : `${t.label} (${m.title})` })),
  );
  // Team ids are what results store; two games sharing one are one choice.
  return choices.filter((c, i) => choices.findIndex((d) => d.id === c.id) === i);
}

export const PAGE_SIZE = 50;

export function findEpisodes(prisma: PrismaClient, { status, ...filter }: EpisodeFilter) {
  return listEpisodes(prisma, {
    ...filter,
    status: status === "live" ? ["queued", "running"] : status,
    limit: PAGE_SIZE,
  });
}
