"use client";

import { useEffect, useState } from "react";
import { io } from "socket.io-client";
import { watchEpisode, type ViewerSocket } from "@/lib/realtime/episode-client";
import { fetchEvents } from "@/lib/viewer/events-api";
import { isLive, type EpisodeInfo } from "@/lib/viewer/episode-info";
import type { Timeline } from "@/lib/viewer/timeline";

export type Connection = "loading" | "connected" | "reconnecting" | "closed";

export interface EpisodeLog {
  /** Bumped whenever the timeline grew. */
  version: number;
  status: EpisodeInfo["status"];
  connection: Connection;
  error: string | null;
}

/**
 * Fills a timeline with an episode's log: everything stored (one compressed HTTP request), then, while the
 * episode is live, every further event over Socket.IO from the last seq held — exactly once and in order,
 * across reconnects (lib/realtime/episode-client). With `info.pov`, both give that seat's view of the log.
 */
export function useEpisodeLog(info: EpisodeInfo, timeline: Timeline): EpisodeLog {
  const [log, setLog] = useState<EpisodeLog>({ version: 0, status: info.status, connection: "loading", error: null });

  useEffect(() => {
    const abort = new AbortController();
    let socket: ViewerSocket | null = null;
    const grew = () => setLog((l) => ({ ...l, version: timeline.version }));

    fetchEvents(info.id, timeline.lastSeq, { signal: abort.signal, pov: info.pov })
      .then(({ entries, status }) => {
        if (abort.signal.aborted) return;
        timeline.append(entries);
        setLog((l) => ({
          ...l,
          version: timeline.version,
          status,
          connection: isLive(status) ? "reconnecting" : "closed",
        }));
        if (!isLive(status)) return;
        socket = io({ transports: ["websocket", "polling"] });
        socket.on("connect", () =>
          setLog((l) => ({ ...l, connection: l.connection === "closed" ? l.connection : "connected" })),
        );
        socket.on("disconnect", () =>
          setLog((l) => ({ ...l, connection: l.connection === "closed" ? l.connection : "reconnecting" })),
        );
        // The end of the episode is announced once; a viewer (re)joining after it learns it from the join's answer.
        let closing = false;
        const ended = (update: { status: EpisodeInfo["status"]; eventCount: number }) => {
          if (isLive(update.status) || closing) return;
          closing = true;
          // The episode counts as ended once its last event is in (the join's answer comes before the backlog).
          const closeWhenComplete = () => {
            if (abort.signal.aborted) return;
            if (watch.lastSeq() < update.eventCount) return void setTimeout(closeWhenComplete, 100);
            watch.stop();
            socket?.close();
            setLog((l) => ({ ...l, status: update.status, connection: "closed" }));
          };
          closeWhenComplete();
        };
        const watch = watchEpisode(socket, {
          episodeId: info.id,
          ...(info.pov !== null && { pov: info.pov }),
          afterSeq: timeline.lastSeq,
          onEvents(events) {
            timeline.append(events);
            grew();
          },
          onJoined: ended,
          onStatus: ended,
          onError: (message) => setLog((l) => ({ ...l, error: message })),
        });
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted)
          setLog((l) => ({ ...l, error: err instanceof Error ? err.message : String(err), connection: "closed" }));
      });

    return () => {
      abort.abort();
      socket?.close();
    };
  }, [info.id, info.pov, timeline]);

  return log;
}
