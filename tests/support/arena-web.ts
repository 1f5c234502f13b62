/**
 * A web node for multi-process tests: Socket.IO with the live hub, fed over Redis; runs no episodes.
 * Prints `listening <url>` when ready. Env: DATABASE_URL, REDIS_URL, REDIS_PREFIX.
 */
import { redisBus } from "@/lib/arena/bus";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { testGames } from "./arena";
import { startRealtimeNode } from "./realtime";

const { REDIS_URL, REDIS_PREFIX } = env();
if (!REDIS_URL) throw new Error("REDIS_URL is required");
const { prisma } = await getDatabase();
const node = await startRealtimeNode({ prisma, games: testGames, bus: redisBus(REDIS_URL, REDIS_PREFIX) });
console.log(`listening ${node.url}`);
