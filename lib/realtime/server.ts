import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { APP_VERSION } from "@/lib/version";

/** Server → client events. Later issues add episode streams; `hello` proves the connection end to end. */
export interface ServerToClientEvents {
  hello: (info: { version: string; serverTime: string }) => void;
}
export type ClientToServerEvents = Record<string, never>;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

const holder = globalThis as typeof globalThis & { __arenaRealtime?: RealtimeServer };

export function attachRealtime(httpServer: HttpServer): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, { serveClient: false });
  io.on("connection", (socket) => {
    socket.emit("hello", { version: APP_VERSION, serverTime: new Date().toISOString() });
  });
  holder.__arenaRealtime = io;
  return io;
}

/** The Socket.IO server of this process, for route handlers; undefined outside the custom server. */
export function realtime(): RealtimeServer | undefined {
  return holder.__arenaRealtime;
}
