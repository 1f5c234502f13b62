import { json, route } from "@/lib/api/http";
import { gameCatalog } from "@/lib/games/catalog";

export const dynamic = "force-dynamic";

/** Every game: players, roles, config schema, and each decision kind's request and reply JSON Schemas. */
export const GET = route(async () => json(gameCatalog(), { headers: { "cache-control": "public, max-age=300" } }));
