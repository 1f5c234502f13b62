import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import type { ArenaBus } from "@/lib/arena/bus";
import type { GameRegistry } from "@/lib/games/registry";
import { silentLogger } from "@/lib/arena/log";
import type { ArenaMetrics } from "@/lib/arena/metrics";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewerSocket } from "@/lib/realtime/episode-client";
import { attachRealtime } from "@/lib/realtime/server";

/** The realtime half of a web node (Socket.IO + live hub) on a free loopback port. */
export async function startRealtimeNode(options: {
  prisma: PrismaClient;
  games: GameRegistry;
  bus: ArenaBus;
  metrics?: ArenaMetrics;
}) {
  const httpServer = createServer();
  const { io, hub } = await attachRealtime(httpServer, { ...options, logger: silentLogger() });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    url,
    hub: hub!,
    viewer: (): ViewerSocket =>
      connect(url, { transports: ["websocket"], reconnectionDelay: 50, reconnectionDelayMax: 200 }),
    close: async () => {
      hub?.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
