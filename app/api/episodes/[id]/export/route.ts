import { ApiError, idParam, route } from "@/lib/api/http";
import { exportEpisode } from "@/lib/arena/export";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/**
 * The episode as NDJSON in the arena's export format (`npm run arena -- import` reads it back). Errors before
 * the stream starts get the coded JSON body; a failure while streaming can only abort the stream.
 */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, context) => {
  const id = await idParam(context);
  const db = await prisma();
  if (!(await db.episode.findUnique({ where: { id }, select: { id: true } })))
    throw new ApiError("not_found", `no episode ${id}`);
  const lines = exportEpisode(db, id);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\n`));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="episode-${id}.ndjson"`,
      "cache-control": "no-store",
    },
  });
});
