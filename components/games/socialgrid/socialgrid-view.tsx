"use client";

import { useCallback, useState } from "react";
import type { SocialGridTimeline } from "./timeline";
import type { GameViewProps } from "@/components/episode/game-view";
import { useThrottled } from "@/components/episode/use-throttled";
import { AgentPanel } from "./agent-panel";
import { GridCanvas } from "./grid-canvas";
import { TrustChart } from "./trust-chart";
import { VotingPanel } from "./voting-panel";

/** SocialGrid: the map with the controls under it, the agents beside it, votes and trust below. */
export function SocialGridView({
  info,
  timeline,
  version,
  controller,
  playback,
  controls,
}: GameViewProps<SocialGridTimeline>) {
  // A player's view starts on that player: its field of view and tasks.
  const [selected, setSelected] = useState<number | null>(info.pov);
  const [pov, setPov] = useState(false);
  const { step } = playback;
  // Panels follow fast playback ten times a second; the canvas follows every step (the controller draws it).
  const panelStep = useThrottled(step, 100);
  const select = useCallback((seat: number | null) => {
    setSelected(seat);
    if (seat === null) setPov(false);
  }, []);
  const seek = useCallback(
    (target: number) => {
      controller.pause();
      controller.seek(target);
    },
    [controller],
  );

  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)]">
        <div className="min-w-0 space-y-3">
          <GridCanvas
            info={info}
            timeline={timeline}
            version={version}
            controller={controller}
            step={step}
            selected={selected}
            pov={pov}
            onSelect={select}
          />
          {controls}
        </div>
        <div className="min-h-0 lg:relative">
          <div className="lg:absolute lg:inset-0 lg:flex lg:flex-col">
            <AgentPanel
              info={info}
              timeline={timeline}
              version={version}
              step={panelStep}
              following={playback.following}
              selected={selected}
              pov={pov}
              onSelect={select}
              onPov={setPov}
            />
          </div>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <VotingPanel timeline={timeline} version={version} step={panelStep} godView={!pov} onSeek={seek} />
        <TrustChart timeline={timeline} version={version} step={panelStep} godView={!pov} onSeek={seek} />
      </div>
    </div>
  );
}
