import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { eventsQuerySchema } from "@/lib/viewer/events-api";
import { arenaGames } from "@/lib/arena/games";
import { eventsPageBody, seatEventsPageBody } from "@/lib/viewer/event-page";
import { badRequest, episodeIdSchema, notFound } from "@/lib/viewer/route-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = episodeIdSchema.safeParse((await params).id);
  if (!id.success) return badRequest(z.prettifyError(id.error));
  const query = eventsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return badRequest(z.prettifyError(query.error));

  const db = await prisma();
  const episode = await db.episode.findUnique({
    where: { id: id.data },
    select: { id: true, game: true, status: true, eventCount: true, _count: { select: { participants: true } } },
  });
  if (!episode) return notFound(id.data);
  const { afterSeq, limit, pov } = query.data;
  let body: string | null;
  if (pov === undefined) body = await eventsPageBody(db, episode, afterSeq, limit);
  else {
    if (pov >= episode._count.participants)
      return badRequest(`pov: seat ${pov} does not exist (the episode has ${episode._count.participants} seats)`);
    const game = Object.hasOwn(arenaGames, episode.game) ? arenaGames[episode.game] : undefined;
    body = game ? await seatEventsPageBody(db, episode, game, pov, afterSeq, limit) : null;
    if (body === null) return badRequest(`pov: per-player views are not available for ${episode.game}`);
  }
  const settled = episode.status === "finished" || episode.status === "failed";
  return new Response(body, {
    headers: { "content-type": "application/json", "cache-control": settled ? "public, max-age=3600" : "no-store" },
  });
}
