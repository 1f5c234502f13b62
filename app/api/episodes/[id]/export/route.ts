import { z } from "zod";
import { exportEpisode } from "@/lib/arena/export";
import { prisma } from "@/lib/db/client";
import { badRequest, episodeIdSchema, notFound } from "@/lib/viewer/route-params";

export const dynamic = "force-dynamic";

/** The episode as NDJSON in the arena's export format (`npm run arena -- import` reads it back). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = episodeIdSchema.safeParse((await params).id);
  if (!id.success) return badRequest(z.prettifyError(id.error));
  const db = await prisma();
  if (!(await db.episode.findUnique({ where: { id: id.data }, select: { id: true } }))) return notFound(id.data);
  const lines = exportEpisode(db, id.data);
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
      "content-disposition": `attachment; filename="episode-${id.data}.ndjson"`,
      "cache-control": "no-store",
    },
  });
}
