import { randomInt } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import next from "next";
import { registerBuiltinAgents } from "@/lib/arena/agents";
import { demoEpisode, startDemo } from "@/lib/arena/demo";
import { createLogger } from "@/lib/arena/log";
import { arenaMetrics } from "@/lib/arena/metrics";
import { RANDOM_BOT } from "@/lib/arena/random-bot";
import { runtimeOptionsFromEnv, setArenaRuntime, startArenaRuntime } from "@/lib/arena/runtime";
import { onShutdownSignals } from "@/lib/arena/shutdown";
import { closeDatabase, getDatabase, targetFromEnv } from "@/lib/db/client";
import { env, EnvError } from "@/lib/env";
import { DEFAULT_GAME } from "@/lib/games/registry";
import { RatingsMaintainer } from "@/lib/leaderboard/maintainer";
import { attachRealtime } from "@/lib/realtime/server";
import { CLIENT_IP_HEADER } from "@/lib/security/client-ip";
import { APP_VERSION } from "@/lib/version";

/** One Node process, one port: Next.js pages and API routes, Socket.IO, and (unless WEB_WORKER=false) episodes. */
async function main() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger("web");
  const target = targetFromEnv();
  const { prisma } = await getDatabase();

  const dev = config.NODE_ENV !== "production";
  const app = next({ dev, hostname: config.HOST, port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const options = runtimeOptionsFromEnv({ prisma, logger, runEpisodes: config.WEB_WORKER });
  const bots = await registerBuiltinAgents(prisma, Object.keys(options.games));
  const runtime = await startArenaRuntime(options);
  setArenaRuntime(runtime);

  const ratings = new RatingsMaintainer({
    prisma,
    games: options.games,
    logger: logger.child({ component: "ratings" }),
    debounceMs: config.RATINGS_DEBOUNCE_MS,
    offThread: true,
  });
  const stopRatings = ratings.start(runtime.bus);

  const httpServer = createServer((req, res) => {
    // Route handlers cannot see the socket: pass the client's address on (rate limits), replacing any sent value.
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
    singleValuedContentType(res);
    void handle(req, res);
  });
  const { io, hub } = await attachRealtime(httpServer, {
    prisma,
    games: options.games,
    bus: runtime.bus,
    logger,
    metrics: arenaMetrics(),
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.PORT, config.HOST, resolve);
  });
  const where =
    target.kind === "embedded" ? `embedded PGlite in ${target.dataDir}` : `PostgreSQL at ${new URL(target.url).host}`;
  console.log(`Social Arena ${APP_VERSION} ready on http://${config.HOST}:${config.PORT} (database: ${where})`);

  // The scripted bots play the demo (each plays whichever role its seat is dealt); the random bot only if alone.
  const scripted = [...bots].filter(([name]) => name !== RANDOM_BOT).map(([, id]) => id);
  const demoBots = scripted.length > 0 ? scripted : [...bots.values()];
  const stopDemo = config.DEMO_ENABLED
    ? startDemo({
        prisma,
        bus: runtime.bus,
        logger,
        games: options.games,
        nextEpisode: async () => demoEpisode(options.games, DEFAULT_GAME, demoBots, randomInt(2 ** 31)),
        enqueue: (id) => runtime.queue.enqueue(id),
      })
    : undefined;

  onShutdownSignals(async () => {
    stopDemo?.();
    stopRatings();
    httpServer.close();
    await runtime.stop();
    hub?.stop();
    io.close();
    await closeDatabase();
  }, logger);
}

/**
 * Next stores a route handler's headers as arrays (`["application/json"]`), and its gzip middleware only
 * compresses string content types: without this, no API response would ever be compressed.
 */
function singleValuedContentType(res: ServerResponse) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(
      name,
      Array.isArray(value) && value.length === 1 && name.toLowerCase() === "content-type" ? value[0] : value,
    );
}

main().catch((err) => {
  console.error(`Social Arena failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
