import { ApiError, json, route } from "@/lib/api/http";
import { importEpisode, parseExport } from "@/lib/arena/export";
import { prisma } from "@/lib/db/client";
import { requireTestApi } from "@/lib/viewer/test-api";

export const dynamic = "force-dynamic";

/** Test only: stores exported episodes (NDJSON body, the `arena export` format, any size: not `readJson`). */
export const POST = route(async (request) => {
  requireTestApi();
  const db = await prisma();
  const ids: string[] = [];
  try {
    for await (const episode of parseExport((await request.text()).split("\n"))) {
      await importEpisode(db, episode);
      ids.push(episode.header.episodeId);
    }
  } catch (err) {
    throw new ApiError("invalid_input", err instanceof Error ? err.message : String(err));
  }
  return json({ ids }, { status: 201 });
});
