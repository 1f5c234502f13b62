/**
 * Watching one episode from a Socket.IO client (browser or Node): joins, resumes after reconnects from
 * the last seq received, drops duplicates, and re-joins when it notices a gap, so `onEvents` sees every
 * event exactly once and in order.
 */
import type { Socket } from "socket.io-client";
import type { LoggedEvent } from "@/lib/arena/events";
import type { EpisodeSummary } from "@/lib/arena/store";
import type {
  ClientToServerEvents,
  EpisodeEventsBatch,
  EpisodeStatus,
  JoinAck,
  ServerToClientEvents,
} from "./protocol";

export type ViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface WatchOptions {
  episodeId: string;
  /** A seat for that player's view; omit for the spectator view. */
  pov?: number;
  /** Seq already held (e.g. from a replay cache); 0 for everything. */
  afterSeq?: number;
  onEvents(events: LoggedEvent[]): void;
  onJoined?(episode: EpisodeSummary): void;
  /** The episode has ended (announced live, or already over when joined); events may still be arriving. */
  onStatus?(status: EpisodeStatus): void;
  onError?(message: string): void;
}

export interface EpisodeWatch {
  lastSeq(): number;
  stop(): void;
}

export function watchEpisode(socket: ViewerSocket, options: WatchOptions): EpisodeWatch {
  const pov = options.pov ?? null;
  let last = options.afterSeq ?? 0;
  let joining = false;
  let stopped = false;

  const join = () => {
    if (stopped) return;
    joining = true;
    const request = { episodeId: options.episodeId, afterSeq: last, ...(pov !== null && { pov }) };
    socket.emit("episode:join", request, (result: JoinAck) => {
      joining = false;
      if (stopped) return;
      if (!result.ok) return options.onError?.(result.error);
      const { episode } = result;
      options.onJoined?.(episode);
      if (episode.status === "finished" || episode.status === "failed") {
        options.onStatus?.({ episodeId: episode.id, status: episode.status, eventCount: episode.eventCount });
      }
    });
  };

  const onBatch = (batch: EpisodeEventsBatch) => {
    if (stopped || batch.episodeId !== options.episodeId || batch.pov !== pov) return;
    const fresh: LoggedEvent[] = [];
    for (const event of batch.events) {
      if (event.seq <= last) continue;
      if (event.seq !== last + 1) {
        // A hole: events sent before our join request was handled, or a lost live message. Join again.
        if (!joining) join();
        break;
      }
      fresh.push(event);
      last = event.seq;
    }
    if (fresh.length > 0) options.onEvents(fresh);
  };

  const onStatus = (status: EpisodeStatus) => {
    if (!stopped && status.episodeId === options.episodeId) options.onStatus?.(status);
  };

  socket.on("connect", join);
  socket.on("episode:events", onBatch);
  socket.on("episode:status", onStatus);
  if (socket.connected) join();

  return {
    lastSeq: () => last,
    stop() {
      stopped = true;
      socket.off("connect", join);
      socket.off("episode:events", onBatch);
      socket.off("episode:status", onStatus);
      if (socket.connected) socket.emit("episode:leave", { episodeId: options.episodeId });
    },
  };
}
