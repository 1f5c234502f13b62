/**
 * A worker process for multi-process tests: `npm run worker` over the counting game and test agents.
 * Env: DATABASE_URL (with ?schema=), REDIS_URL (optional), REDIS_PREFIX, EPISODE_LEASE_MS, WORKER_CONCURRENCY,
 * ARENA_TEST_STEP_MS (pause between rounds).
 */
import { runWorker } from "@/lib/arena/worker-main";
import { countingAgent, rememberingAgent } from "./counting-game";
import { testGames } from "./arena";

const stepDelayMs = Number(process.env.ARENA_TEST_STEP_MS ?? 0);

runWorker({
  games: testGames,
  stepDelayMs,
  createAgent: (row) => (row.name.startsWith("memo") ? rememberingAgent(row.name) : countingAgent(row.name)),
}).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
