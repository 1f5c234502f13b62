import "server-only";
import { closeDatabase, getDatabase, targetFromEnv } from "@/lib/db/client";
import { env, EnvError } from "@/lib/env";
import { registerBuiltinAgents } from "./agents";
import { createLogger } from "./log";
import { runtimeOptionsFromEnv, startArenaRuntime, type RuntimeOptions } from "./runtime";
import { onShutdownSignals } from "./shutdown";

/**
 * A worker process: runs episodes from the queue (BullMQ with REDIS_URL, else the database's queued and
 * abandoned episodes) until SIGTERM/SIGINT, then hands its running episodes back.
 */
export async function runWorker(overrides: Partial<RuntimeOptions> = {}): Promise<void> {
  try {
    env();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (targetFromEnv().kind === "embedded") {
    console.error(
      "A worker needs DATABASE_URL (PostgreSQL): the embedded database can be opened by one process only, and the web process already runs episodes.",
    );
    process.exit(1);
  }
  const logger = createLogger("worker");
  const { prisma } = await getDatabase();
  const options = runtimeOptionsFromEnv({ prisma, logger, ...overrides });
  await registerBuiltinAgents(prisma, Object.keys(options.games));
  const runtime = await startArenaRuntime(options);
  logger.info(
    {
      queue: options.redis ? "bullmq" : "database",
      concurrency: options.concurrency,
      games: Object.keys(options.games),
    },
    "worker ready",
  );
  onShutdownSignals(async () => {
    await runtime.stop();
    await closeDatabase();
  }, logger);
}
