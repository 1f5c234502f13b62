"use client";

import { useEffect, useRef, useState } from "react";
import type { SocialGridScene } from "@/engine/games/socialgrid/module";
import { drawBase, drawDynamic, facingAngle } from "./draw";

const REFRESH_MS = 2_000;

/** A small live picture of a SocialGrid episode: its newest board, refreshed every two seconds. */
export function EpisodeThumbnail({ episodeId }: { episodeId: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const dynamic = useRef<HTMLCanvasElement>(null);
  const [scene, setScene] = useState<SocialGridScene | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const res = await fetch(`/api/episodes/${episodeId}/snapshot`, { cache: "no-store" });
        if (res.ok && !stopped) setScene(((await res.json()) as { scene: SocialGridScene | null }).scene);
      } catch {
        // try again at the next tick
      }
      if (!stopped) timer = setTimeout(load, REFRESH_MS);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [episodeId]);

  useEffect(() => {
    if (!scene || !wrapper.current || !base.current || !dynamic.current) return;
    const dpr = window.devicePixelRatio || 1;
    const cell = Math.max(2, Math.floor((wrapper.current.clientWidth * dpr) / scene.map.width));
    for (const canvas of [base.current, dynamic.current]) {
      canvas.width = cell * scene.map.width;
      canvas.height = cell * scene.map.height;
      canvas.style.width = `${canvas.width / dpr}px`;
      canvas.style.height = `${canvas.height / dpr}px`;
    }
    drawBase(base.current.getContext("2d")!, scene.map, cell);
    drawDynamic(
      dynamic.current.getContext("2d")!,
      {
        map: scene.map,
        doorsOpen: scene.doorsOpen,
        corpses: scene.corpses,
        fates: scene.fates,
        agents: scene.fates.map((fate, seat) =>
          fate === "alive"
            ? { x: scene.poses[seat * 3], y: scene.poses[seat * 3 + 1], angle: facingAngle(scene.poses[seat * 3 + 2]) }
            : null,
        ),
        roles: scene.roles,
        selected: null,
      },
      cell,
    );
  }, [scene]);

  return (
    <div
      ref={wrapper}
      role="img"
      aria-label={scene ? `Map at env step ${scene.t}` : "Loading the map"}
      className="relative aspect-square w-full overflow-hidden rounded-lg bg-slate-950"
    >
      <canvas ref={base} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2" />
      <canvas ref={dynamic} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2" />
      {scene && (
        <span className="absolute bottom-1.5 right-1.5 rounded bg-slate-950/80 px-1.5 py-0.5 font-mono text-[10px] text-slate-300">
          step {scene.t}
          {scene.meeting > 0 ? ` · meeting ${scene.meeting}` : ""}
        </span>
      )}
    </div>
  );
}
