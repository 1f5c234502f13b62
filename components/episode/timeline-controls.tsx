"use client";

import type { ReactNode } from "react";
import { SPEEDS, speedLabel, type PlaybackController, type PlaybackState, type Speed } from "@/lib/viewer/playback";
import type { Marker, MarkerKind, Timeline } from "@/lib/viewer/timeline";
import { Icon, type IconName } from "./icons";
import type { Connection } from "./use-episode-log";

export const MARKER_STYLE: Record<MarkerKind, { color: string; name: string }> = {
  kill: { color: "bg-red-500", name: "kill" },
  report: { color: "bg-amber-400", name: "report" },
  meeting: { color: "bg-sky-400", name: "meeting" },
  ejection: { color: "bg-violet-400", name: "ejection" },
  end: { color: "bg-emerald-400", name: "game end" },
};

interface ControlsProps {
  controller: PlaybackController;
  playback: PlaybackState;
  timeline: Timeline;
  connection: Connection;
}

export function TimelineControls({ controller, playback, timeline, connection }: ControlsProps) {
  const last = Math.max(0, playback.frameCount - 1);
  const { step } = playback;
  return (
    <fieldset
      aria-label="Playback"
      className="min-w-0 space-y-2 rounded-xl border border-slate-800 bg-slate-900/70 p-3"
    >
      <TimelineTrack
        controller={controller}
        step={step}
        last={last}
        markers={[...timeline.markers()]}
        describeFrame={(s) => timeline.describe(s)}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex items-center gap-1">
          <ControlButton icon="restart" label="Restart" onClick={() => controller.restart()} />
          <ControlButton icon="prev" label="Previous step" onClick={() => controller.prev()} />
          <ControlButton
            icon={playback.playing ? "pause" : "play"}
            label={playback.playing ? "Pause" : "Play"}
            onClick={() => controller.toggle()}
            primary
          />
          <ControlButton icon="next" label="Next step" onClick={() => controller.next()} />
        </div>
        <SpeedSelect speed={playback.speed} onChange={(s) => controller.setSpeed(s)} />
        <p className="font-mono text-sm tabular-nums text-slate-200">
          Step {step} / {last}
        </p>
        <p className="hidden text-xs text-slate-400 sm:block">{timeline.describe(step)}</p>
        {playback.live && (
          <LiveButton following={playback.following} connection={connection} onClick={() => controller.goLive()} />
        )}
      </div>
    </fieldset>
  );
}

function ControlButton({
  icon,
  label,
  onClick,
  primary = false,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`grid h-9 w-9 place-items-center rounded-md ring-1 transition-colors ${
        primary
          ? "bg-emerald-500 text-slate-950 ring-emerald-400 hover:bg-emerald-400"
          : "bg-slate-800 text-slate-200 ring-slate-700 hover:bg-slate-700"
      }`}
    >
      <Icon name={icon} />
    </button>
  );
}

function SpeedSelect({ speed, onChange }: { speed: Speed; onChange: (speed: Speed) => void }) {
  return (
    <select
      aria-label="Playback speed"
      value={String(speed)}
      onChange={(e) => onChange(e.target.value === "real" ? "real" : (Number(e.target.value) as Speed))}
      className="h-9 rounded-md bg-slate-800 px-2 text-sm text-slate-200 ring-1 ring-slate-700"
    >
      {SPEEDS.map((s) => (
        <option key={String(s)} value={String(s)}>
          {speedLabel(s)}
        </option>
      ))}
    </select>
  );
}

function LiveButton({
  following,
  connection,
  onClick,
}: {
  following: boolean;
  connection: Connection;
  onClick: () => void;
}) {
  const reconnecting = connection === "reconnecting";
  return (
    <div className="ml-auto flex items-center gap-2">
      {reconnecting && <span className="text-xs text-amber-300">Reconnecting…</span>}
      <button
        type="button"
        aria-label="Live"
        aria-pressed={following}
        onClick={onClick}
        title={following ? "Following the live game" : "Back to the live game"}
        className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium ring-1 ring-rose-500/50 aria-pressed:bg-rose-500/15 aria-pressed:text-rose-200 bg-slate-800 text-slate-200 hover:bg-slate-700"
      >
        <span
          aria-hidden
          className={`h-2 w-2 rounded-full ${following ? "animate-pulse bg-rose-500" : "bg-slate-500"}`}
        />
        Live
      </button>
    </div>
  );
}

interface TrackProps {
  controller: PlaybackController;
  step: number;
  last: number;
  markers: Marker[];
  describeFrame: (step: number) => string;
}

/** The scrubber: labelled markers above a slider that pauses playback while it is dragged. */
function TimelineTrack({ controller, step, last, markers, describeFrame }: TrackProps) {
  const at = (frame: number) => `${last === 0 ? 0 : (frame / last) * 100}%`;
  return (
    <div>
      <ul aria-label="Markers" className="relative mx-2 h-4">
        {markers.map((m) => (
          <li
            key={`${m.frame}-${m.kind}-${m.label}`}
            className="absolute top-0 -translate-x-1/2"
            style={{ left: at(m.frame) }}
          >
            <button
              type="button"
              aria-label={`${m.label} (step ${m.frame})`}
              title={`${m.label} — step ${m.frame}`}
              onClick={() => {
                controller.pause();
                controller.seek(m.frame);
              }}
              className={`block h-4 w-1.5 rounded-sm ${MARKER_STYLE[m.kind].color} opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-white`}
            />
          </li>
        ))}
      </ul>
      <input
        type="range"
        aria-label="Step"
        aria-valuetext={`Step ${step} of ${last}, ${describeFrame(step)}`}
        min={0}
        max={last}
        value={step}
        onPointerDown={() => controller.pause()}
        onChange={(e) => controller.seek(Number(e.target.value))}
        className="w-full accent-emerald-500"
      />
      <MarkerLegend />
    </div>
  );
}

function MarkerLegend(): ReactNode {
  return (
    <p aria-hidden className="flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-slate-400">
      {Object.values(MARKER_STYLE).map((s) => (
        <span key={s.name} className="inline-flex items-center gap-1">
          <span className={`inline-block h-2.5 w-1 rounded-sm ${s.color}`} />
          {s.name}
        </span>
      ))}
    </p>
  );
}
