"use client";

import { useState } from "react";
import type { TalkTimeline } from "./types";
import type { GameViewProps } from "@/components/episode/game-view";
import { PhaseBanner } from "./phase-banner";
import { SeatTable } from "./seat-table";
import { SuspicionHeatmap } from "./suspicion-heatmap";
import { Transcript } from "./transcript";
import { VotePanel } from "./vote-panel";

/** The talk games (Werewolf, Secret Mafia): the table and the debate, with the shared controls, votes and suspicion. */
export function TalkView({ info, timeline, playback, controls }: GameViewProps<TalkTimeline>) {
  const [godRoles, setGodRoles] = useState(true);
  // A player's view knows only some roles, and shows those.
  const showRoles = info.pov !== null || godRoles;
  const { step } = playback;
  const frame = timeline.frame(Math.min(step, timeline.frameCount - 1));
  if (!frame) return <>{controls}</>;
  const speaker = timeline.transcript.findLast((line) => line.frame === frame.index)?.seat ?? null;
  return (
    <div className="space-y-4">
      <PhaseBanner frame={frame} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="space-y-3">
          <SeatTable
            seats={timeline.seats}
            evilRole={timeline.evilRole}
            frame={frame}
            speaker={speaker}
            showRoles={showRoles}
          />
          {info.pov === null && (
            <label className="flex items-center gap-2 text-sm text-slate-300">
              <input
                type="checkbox"
                checked={godRoles}
                onChange={(e) => setGodRoles(e.target.checked)}
                className="accent-emerald-500"
              />
              Show roles (god view)
            </label>
          )}
        </div>
        <Transcript seats={timeline.seats} lines={timeline.transcript} step={frame.index} showRoles={showRoles} />
      </div>
      {controls}
      <div className="grid gap-4 lg:grid-cols-2">
        <VotePanel seats={timeline.seats} votes={timeline.votes} step={frame.index} />
        <SuspicionHeatmap seats={timeline.seats} frame={frame} />
      </div>
    </div>
  );
}
