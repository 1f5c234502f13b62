import { requireAdmin } from "@/lib/api/admin";
import { ApiError, json, readJson, route } from "@/lib/api/http";
import { arenaRuntime } from "@/lib/arena/runtime";
import { prisma } from "@/lib/db/client";
import { createLeague, listLeagues } from "@/lib/leagues/service";
import { leagueRequestSchema } from "@/lib/leagues/spec";

export const dynamic = "force-dynamic";

export const GET = route(async (request) => {
  if (new URL(request.url).searchParams.size > 0) throw new ApiError(400, "this endpoint takes no query parameters");
  return json({ leagues: await listLeagues(await prisma()) });
});

/** Admin only (Authorization: Bearer <ADMIN_TOKEN>): schedules every match of the league on the queue. */
export const POST = route(async (request) => {
  requireAdmin(request);
  const spec = await readJson(request, leagueRequestSchema);
  const runtime = arenaRuntime();
  const league = await createLeague(await prisma(), spec, runtime && ((id) => runtime.queue.enqueue(id)));
  return json({ league }, { status: 201 });
});
