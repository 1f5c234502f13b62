"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { io } from "socket.io-client";
import type { EpisodeSummary } from "@/lib/arena/store";
import type { ViewerSocket } from "@/lib/realtime/episode-client";
import { agentLineup } from "@/lib/viewer/episode-info";
import { EmptyState } from "../empty-state";
import { rendererFor } from "@/components/games/registry";

export interface LiveGame {
  id: string;
  game: string;
  demo: boolean;
  lineup: string;
}

const toLiveGame = (e: EpisodeSummary): LiveGame => ({
  id: e.id,
  game: e.game,
  demo: e.demo,
  lineup: agentLineup(e.participants),
});

/** The games being played now, kept current over the list channel, each with a live thumbnail. */
export function LiveGames({ initial, titles }: { initial: LiveGame[]; titles: Record<string, string> }) {
  const [live, setLive] = useState(initial);

  useEffect(() => {
    const socket: ViewerSocket = io({ transports: ["websocket", "polling"] });
    const subscribe = () => socket.emit("episodes:subscribe", ({ episodes }) => setLive(episodes.map(toLiveGame)));
    socket.on("connect", subscribe);
    socket.on("episodes:list", ({ change, episode }) =>
      setLive((games) => {
        const others = games.filter((g) => g.id !== episode.id);
        return change === "started" ? [toLiveGame(episode), ...others] : others;
      }),
    );
    return () => {
      socket.close();
    };
  }, []);

  if (live.length === 0) {
    return (
      <EmptyState title="No game is being played right now">
        Finished games stay available as replays on the{" "}
        <Link href="/episodes" className="text-emerald-300 underline">
          episodes
        </Link>{" "}
        page.
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {live.map((g) => (
        <li
          key={g.id}
          className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/60 p-3 transition-colors hover:border-slate-600"
        >
          <Link
            href={`/episodes/${g.id}`}
            className="block no-underline"
            aria-label={`Watch ${titles[g.game] ?? g.game} episode ${g.id}`}
          >
            {Thumbnail(g.game) ? (
              <GameThumbnail game={g.game} episodeId={g.id} />
            ) : (
              <div className="grid aspect-square place-items-center rounded-lg bg-slate-950 text-sm text-slate-500">
                {titles[g.game] ?? g.game}
              </div>
            )}
            <p className="mt-2 flex items-center gap-2 font-medium text-slate-100">
              <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-rose-500" />
              {titles[g.game] ?? g.game}
              {g.demo && <span className="text-xs font-normal text-sky-300">demo</span>}
            </p>
            <p className="mt-0.5 truncate text-sm text-slate-400">{g.lineup}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const Thumbnail = (game: string) => rendererFor(game).Thumbnail;

function GameThumbnail({ game, episodeId }: { game: string; episodeId: string }) {
  const Picture = Thumbnail(game)!;
  return <Picture episodeId={episodeId} />;
}
