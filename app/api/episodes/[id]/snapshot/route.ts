import { ApiError, idParam, json, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { gameModule } from "@/lib/games/registry";
import { latestScene } from "@/lib/viewer/scene";

export const dynamic = "force-dynamic";

/** The newest picture of an episode, for thumbnails (games that draw one). */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, context) => {
  const id = await idParam(context);
  const db = await prisma();
  const episode = await db.episode.findUnique({ where: { id }, select: { game: true, status: true } });
  if (!episode) throw new ApiError("not_found", `no episode ${id}`);
  const game = gameModule(episode.game);
  if (!game?.scene) throw new ApiError("not_found", `no thumbnails for ${episode.game} episodes`);
  const live = episode.status === "queued" || episode.status === "running";
  const scene = await latestScene(db, id, game, live);
  return json({ status: episode.status, scene });
});
