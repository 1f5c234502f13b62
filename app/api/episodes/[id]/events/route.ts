import { z } from "zod";
import { readEvents } from "@/lib/arena/store";
import { prisma } from "@/lib/db/client";
import { eventsQuerySchema, type EventsPage } from "@/lib/viewer/events-api";
import { badRequest, episodeIdSchema, notFound } from "@/lib/viewer/route-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = episodeIdSchema.safeParse((await params).id);
  if (!id.success) return badRequest(z.prettifyError(id.error));
  const query = eventsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return badRequest(z.prettifyError(query.error));
  const { afterSeq, limit } = query.data;

  const db = await prisma();
  const episode = await db.episode.findUnique({ where: { id: id.data }, select: { status: true } });
  if (!episode) return notFound(id.data);
  const rows = await readEvents(db, id.data, afterSeq, limit + 1);
  const more = rows.length > limit;
  const page: EventsPage = {
    episodeId: id.data,
    status: episode.status,
    afterSeq,
    events: rows.slice(0, limit).map((r) => r.payload),
    more,
  };
  const settled = episode.status === "finished" || episode.status === "failed";
  return Response.json(page, { headers: { "cache-control": settled ? "public, max-age=3600" : "no-store" } });
}
