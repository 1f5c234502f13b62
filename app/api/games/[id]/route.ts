import { ApiError, json, route } from "@/lib/api/http";
import { gameCatalog } from "@/lib/games/catalog";

export const dynamic = "force-dynamic";

/** One game of `GET /api/games`. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, context) => {
  const { id } = await context.params;
  const { protocol, games } = gameCatalog();
  const game = games.find((g) => g.id === id);
  if (!game) throw new ApiError("not_found", `no game "${id}"; games: ${games.map((g) => g.id).join(", ")}`);
  return json({ protocol, game }, { headers: { "cache-control": "public, max-age=300" } });
});
