import { json, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { leaderboardView } from "@/lib/leaderboard/view";

export const dynamic = "force-dynamic";

/** Served from the ratings computed in the background (lib/leaderboard/maintainer.ts), never computed here. */
export const GET = route(async (request) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return json(await leaderboardView(await prisma(), query));
});
