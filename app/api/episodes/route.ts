import { json, parseQuery, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { episodeQuerySchema, listEpisodes } from "@/lib/listing/episodes";

export const dynamic = "force-dynamic";

export const GET = route(async (request) => {
  const query = parseQuery(request, episodeQuerySchema);
  return json(await listEpisodes(await prisma(), query));
});
