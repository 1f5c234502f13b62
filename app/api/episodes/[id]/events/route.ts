import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { eventsQuerySchema } from "@/lib/viewer/events-api";
import { eventsPageBody } from "@/lib/viewer/event-page";
import { badRequest, episodeIdSchema, notFound } from "@/lib/viewer/route-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = episodeIdSchema.safeParse((await params).id);
  if (!id.success) return badRequest(z.prettifyError(id.error));
  const query = eventsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return badRequest(z.prettifyError(query.error));

  const db = await prisma();
  const episode = await db.episode.findUnique({ where: { id: id.data }, select: { id: true, status: true, eventCount: true } });
  if (!episode) return notFound(id.data);
  const body = await eventsPageBody(db, episode, query.data.afterSeq, query.data.limit);
  const settled = episode.status === "finished" || episode.status === "failed";
  return new Response(body, {
    headers: { "content-type": "application/json", "cache-control": settled ? "public, max-age=3600" : "no-store" },
  });
}
