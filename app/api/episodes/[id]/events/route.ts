import { ApiError, idParam, parseQuery, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { eventsQuerySchema } from "@/lib/viewer/events-api";
import { gameModule } from "@/lib/games/registry";
import { eventsPageBody, seatEventsPageBody } from "@/lib/viewer/event-page";

export const dynamic = "force-dynamic";

/** One page of an episode's log; the body is JSON text built by Postgres, sent as it comes. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, context) => {
  const id = await idParam(context);
  const { afterSeq, limit, pov } = parseQuery(request, eventsQuerySchema);

  const db = await prisma();
  const episode = await db.episode.findUnique({
    where: { id },
    select: { id: true, game: true, status: true, eventCount: true, _count: { select: { participants: true } } },
  });
  if (!episode) throw new ApiError("not_found", `no episode ${id}`);
  let body: string | null;
  if (pov === undefined) body = await eventsPageBody(db, episode, afterSeq, limit);
  else {
    if (pov >= episode._count.participants)
      throw new ApiError(
        "invalid_input",
        `pov: seat ${pov} does not exist (the episode has ${episode._count.participants} seats)`,
      );
    const game = gameModule(episode.game);
    body = game ? await seatEventsPageBody(db, episode, game, pov, afterSeq, limit) : null;
    if (body === null)
      throw new ApiError("invalid_input", `pov: per-player views are not available for ${episode.game}`);
  }
  const settled = episode.status === "finished" || episode.status === "failed";
  return new Response(body, {
    headers: { "content-type": "application/json", "cache-control": settled ? "public, max-age=3600" : "no-store" },
  });
});
