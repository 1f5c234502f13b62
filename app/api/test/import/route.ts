import { importEpisode, parseExport } from "@/lib/arena/export";
import { prisma } from "@/lib/db/client";
import { testApiDisabled, testApiEnabled } from "@/lib/viewer/test-api";

export const dynamic = "force-dynamic";

/** Test only: stores exported episodes (NDJSON body, the `arena export` format). */
export async function POST(request: Request) {
  if (!testApiEnabled()) return testApiDisabled();
  const db = await prisma();
  const ids: string[] = [];
  try {
    for await (const episode of parseExport((await request.text()).split("\n"))) {
      await importEpisode(db, episode);
      ids.push(episode.header.episodeId);
    }
  } catch (err) {
    return Response.json({ error: err instanceof Error ? err.message : String(err) }, { status: 400 });
  }
  return Response.json({ ids }, { status: 201 });
}
