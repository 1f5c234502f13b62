import "server-only";
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { APP_VERSION } from "@/lib/version";
import { LiveHub, type LiveHubOptions } from "./live-hub";
import type { ClientToServerEvents, ServerToClientEvents } from "./protocol";

export type { ClientToServerEvents, ServerToClientEvents } from "./protocol";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

const holder = globalThis as typeof globalThis & { __arenaRealtime?: RealtimeServer };

/** Attaches Socket.IO to the HTTP server; with `live`, also the episode streams and the list channel. */
export async function attachRealtime(
  httpServer: HttpServer,
  live?: LiveHubOptions,
): Promise<{ io: RealtimeServer; hub?: LiveHub }> {
  const io: RealtimeServer = new Server(httpServer, { serveClient: false });
  io.on("connection", (socket) => {
    socket.emit("hello", { version: APP_VERSION, serverTime: new Date().toISOString() });
  });
  let hub: LiveHub | undefined;
  if (live) {
    hub = new LiveHub(io, live);
    await hub.start();
  }
  holder.__arenaRealtime = io;
  return { io, hub };
}

/** The Socket.IO server of this process, for route handlers; undefined outside the custom server. */
export function realtime(): RealtimeServer | undefined {
  return holder.__arenaRealtime;
}
