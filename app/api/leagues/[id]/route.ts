import { ApiError, idParam, json, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { leagueDetail } from "@/lib/leagues/service";

export const dynamic = "force-dynamic";

/** Progress, running standings and every episode of a league. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, context) => {
  const league = await leagueDetail(await prisma(), await idParam(context));
  if (!league) throw new ApiError(404, "no such league");
  return json(league);
});
