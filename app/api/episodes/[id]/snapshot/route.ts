import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { badRequest, episodeIdSchema, notFound } from "@/lib/viewer/route-params";
import { latestScene } from "@/lib/viewer/socialgrid/snapshot";

export const dynamic = "force-dynamic";

/** The newest frame of a SocialGrid episode, for thumbnails. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = episodeIdSchema.safeParse((await params).id);
  if (!id.success) return badRequest(z.prettifyError(id.error));
  const db = await prisma();
  const episode = await db.episode.findUnique({ where: { id: id.data }, select: { game: true, status: true } });
  if (!episode) return notFound(id.data);
  if (episode.game !== "socialgrid")
    return Response.json({ error: `no thumbnails for ${episode.game} episodes` }, { status: 404 });
  const live = episode.status === "queued" || episode.status === "running";
  const scene = await latestScene(db, id.data, live);
  return Response.json({ status: episode.status, scene }, { headers: { "cache-control": "no-store" } });
}
