"use client";

import { useEffect, useRef, useState } from "react";
import type { EpisodeInfo } from "@/lib/viewer/episode-info";
import type { PlaybackController } from "@/lib/viewer/playback";
import { playerName, type SocialGridTimeline } from "./timeline";
import { roleTone } from "./agent-panel";
import { GridScene } from "./grid-scene";

interface GridCanvasProps {
  info: EpisodeInfo;
  timeline: SocialGridTimeline;
  version: number;
  controller: PlaybackController;
  step: number;
  selected: number | null;
  pov: boolean;
  onSelect: (seat: number | null) => void;
}

interface Hover {
  seat: number;
  x: number;
  y: number;
  /** Near the right edge: show the tooltip to the left of the pointer. */
  flip: boolean;
}

/** The map canvas: draws every step the controller moves to (synchronously), hover tooltips, click to select. */
export function GridCanvas({ info, timeline, version, controller, step, selected, pov, onSelect }: GridCanvasProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const dynamic = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const scene = useRef<GridScene | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);

  useEffect(() => {
    const el = wrapper.current!;
    // Written straight to the DOM (tests wait on it): a React state here would re-render at every glide.
    const markAnimating = (animating: boolean) => stage.current?.setAttribute("data-animating", String(animating));
    const s = new GridScene(
      { base: base.current!, dynamic: dynamic.current!, overlay: overlay.current! },
      timeline,
      markAnimating,
    );
    scene.current = s;
    const fitToWidth = () => setSize(s.resize(el.clientWidth, window.devicePixelRatio || 1));
    fitToWidth();
    s.show(controller.getState().step, 0);
    const resizes = new ResizeObserver(fitToWidth);
    resizes.observe(el);
    const unsubscribe = controller.onStep((next, animateMs) => s.show(next, animateMs));
    return () => {
      unsubscribe();
      resizes.disconnect();
      s.destroy();
      scene.current = null;
    };
  }, [controller, timeline]);

  // The newest frame may have grown (a live round arriving in pieces): redraw it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version says when the timeline grew.
  useEffect(() => scene.current?.refresh(), [version]);

  useEffect(() => scene.current?.setView({ selected, pov }), [selected, pov]);

  const seatAt = (e: React.MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    return { seat: scene.current?.seatAt(x, y) ?? null, x, y, flip: x > rect.width * 0.6 };
  };

  const onMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const { seat, x, y, flip } = seatAt(e);
    scene.current?.setView({ hover: seat });
    setHover(seat === null ? null : { seat, x, y, flip });
  };

  const onLeave = () => {
    scene.current?.setView({ hover: null });
    setHover(null);
  };

  return (
    <div ref={wrapper} className="w-full" style={{ aspectRatio: size ? undefined : "1" }}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicking an agent on the map selects it; the agent panel's buttons do the same by keyboard. */}
      <div
        ref={stage}
        role="img"
        aria-label={`Map at step ${step}: ${timeline.describe(step)}`}
        data-animating="false"
        data-step={step}
        className="relative mx-auto cursor-crosshair select-none overflow-hidden rounded-lg bg-slate-950 ring-1 ring-slate-800"
        style={size ?? undefined}
        onPointerMove={onMove}
        onPointerLeave={onLeave}
        onClick={(e) => {
          const { seat } = seatAt(e);
          onSelect(seat === selected ? null : seat);
        }}
      >
        <canvas ref={base} data-layer="base" className="absolute left-0 top-0" />
        <canvas ref={dynamic} data-layer="dynamic" className="absolute left-0 top-0" />
        <canvas ref={overlay} data-layer="overlay" className="absolute left-0 top-0" />
        {hover && <AgentTooltip info={info} timeline={timeline} step={step} hover={hover} godView={!pov} />}
      </div>
    </div>
  );
}

function AgentTooltip({
  info,
  timeline,
  step,
  hover,
  godView,
}: {
  info: EpisodeInfo;
  timeline: SocialGridTimeline;
  step: number;
  hover: Hover;
  godView: boolean;
}) {
  const { seat } = hover;
  const frame = timeline.frame(step);
  const role = timeline.roles[seat];
  const status = timeline.decisionAt(step, seat)?.meta?.status ?? "waiting";
  const agent = info.participants.find((p) => p.seat === seat)?.agentName;
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 min-w-36 rounded-md border border-slate-700 bg-slate-900/95 px-2.5 py-1.5 text-xs shadow-lg"
      style={{
        left: hover.x + (hover.flip ? -14 : 14),
        top: hover.y + 14,
        transform: hover.flip ? "translateX(-100%)" : undefined,
      }}
    >
      <p className="font-semibold text-slate-100">
        {playerName(seat)}
        {agent && <span className="font-normal text-slate-400"> · {agent}</span>}
      </p>
      {godView && <p className={roleTone(role)}>{role}</p>}
      <p className="text-slate-300">
        {frame.fates[seat]} · {status}
      </p>
    </div>
  );
}
