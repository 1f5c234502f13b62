import { createServer } from "node:http";
import next from "next";
import { closeDatabase, getDatabase, targetFromEnv } from "@/lib/db/client";
import { env, EnvError } from "@/lib/env";
import { attachRealtime } from "@/lib/realtime/server";
import { APP_VERSION } from "@/lib/version";

/** One Node process, one port: Next.js pages and API routes plus the Socket.IO server. */
async function main() {
  let config;
  try {
    config = env();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const target = targetFromEnv();
  await getDatabase();

  const dev = config.NODE_ENV !== "production";
  const app = next({ dev, hostname: config.HOST, port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const httpServer = createServer((req, res) => void handle(req, res));
  const io = attachRealtime(httpServer);

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.PORT, config.HOST, resolve);
  });
  const where = target.kind === "embedded" ? `embedded PGlite in ${target.dataDir}` : `PostgreSQL at ${new URL(target.url).host}`;
  console.log(`Social Arena ${APP_VERSION} ready on http://${config.HOST}:${config.PORT} (database: ${where})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    io.close();
    httpServer.close();
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(`Social Arena failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
