"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isLive, type EpisodeInfo } from "@/lib/viewer/episode-info";
import { commandForKey } from "@/lib/viewer/keys";
import { browserClock, PlaybackController, speedLabel, type PlaybackState } from "@/lib/viewer/playback";
import { episodeHref } from "@/lib/viewer/player-view";
import type { Timeline } from "@/lib/viewer/timeline";
import { EpisodeHeader } from "./episode-header";
import { ErrorAlert } from "./error-alert";
import { HelpOverlay } from "./help-overlay";
import { rendererFor } from "@/components/games/registry";
import { TimelineControls } from "./timeline-controls";
import { useEpisodeLog } from "./use-episode-log";

/** Benchmarks and tests reach the player through this (seeks are synchronous, canvas included). */
declare global {
  interface Window {
    __arenaViewer?: { controller: PlaybackController; timeline: Timeline };
  }
}

/**
 * One page for live games and replays: loads the log (then follows it live), owns the playback position,
 * keyboard shortcuts and `?step=` deep links, and hands the rest to the game's own view. With `info.pov`, the
 * log is that player's view of the game.
 */
export function EpisodeViewer({ info }: { info: EpisodeInfo }) {
  const renderer = rendererFor(info.game);
  const [timeline] = useState(() => renderer.createTimeline());
  const log = useEpisodeLog(info, timeline);
  const live = isLive(log.status);
  const [controller] = useState(() => new PlaybackController(browserClock, (step) => timeline.decisionMs(step)));
  const playback = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const [helpOpen, setHelpOpen] = useState(false);
  const positioned = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: log.version says when the timeline grew.
  useEffect(() => {
    controller.setFrameCount(timeline.frameCount, live);
    if (positioned.current || timeline.frameCount === 0) return;
    positioned.current = true;
    const requested = stepFromUrl();
    if (requested !== null) controller.seek(requested);
    else if (live) controller.goLive();
    else controller.seek(0);
  }, [controller, timeline, log.version, live]);

  useStepInUrl(playback, positioned.current);
  useShortcuts(controller, setHelpOpen);

  useEffect(() => {
    window.__arenaViewer = { controller, timeline };
    return () => {
      controller.pause();
      delete window.__arenaViewer;
    };
  }, [controller, timeline]);

  const View = renderer.View;
  return (
    <div className="space-y-4" data-last-seq={timeline.lastSeq} data-status={log.status}>
      {info.pov !== null && (
        <PlayerViewBanner info={info} pov={info.pov} step={playback.following ? null : playback.step} />
      )}
      <EpisodeHeader info={info} status={log.status} onHelp={() => setHelpOpen(true)} />
      {log.error && <ErrorAlert>{log.error}</ErrorAlert>}
      {timeline.frameCount === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-700 px-6 py-16 text-center text-slate-400">
          {log.connection === "loading" ? "Loading the episode…" : "Waiting for the game to start…"}
        </p>
      ) : (
        <View
          info={info}
          timeline={timeline}
          version={log.version}
          controller={controller}
          playback={playback}
          controls={
            <TimelineControls
              controller={controller}
              playback={playback}
              timeline={timeline}
              connection={log.connection}
            />
          }
        />
      )}
      <StepAnnouncer playback={playback} timeline={timeline} />
      <HelpOverlay open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

function PlayerViewBanner({ info, pov, step }: { info: EpisodeInfo; pov: number; step: number | null }) {
  const seat = info.participants.find((p) => p.seat === pov);
  const role = seat?.role;
  return (
    <section
      aria-label="Player view"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-500/40 bg-sky-500/10 px-4 py-2 text-sm text-sky-100"
    >
      <p>
        <span className="font-semibold">
          Player view: {seat?.player ?? `seat ${pov}`}
          {role && ` (${role})`}
        </span>{" "}
        — only what this player knows
      </p>
      <a
        href={episodeHref(info.id, { step })}
        className="rounded-md bg-slate-800/80 px-2.5 py-1 text-xs text-slate-200 no-underline ring-1 ring-slate-700 hover:bg-slate-700"
      >
        Back to the god view
      </a>
    </section>
  );
}

function stepFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get("step");
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/** Keeps `?step=` on the address while paused, so the address links to what is shown. */
function useStepInUrl(playback: PlaybackState, positioned: boolean) {
  const { step, playing, following } = playback;
  useEffect(() => {
    if (!positioned || playing) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      if (following) url.searchParams.delete("step");
      else url.searchParams.set("step", String(step));
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
    }, 150);
    return () => clearTimeout(timer);
  }, [step, playing, following, positioned]);
}

function useShortcuts(controller: PlaybackController, setHelpOpen: (update: (open: boolean) => boolean) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      switch (command) {
        case "prev":
          return controller.prev();
        case "next":
          return controller.next();
        case "toggle":
          return controller.toggle();
        case "start":
          return controller.restart();
        case "end":
          return controller.end();
        case "help":
          return setHelpOpen((open) => !open);
        case "close":
          return setHelpOpen(() => false);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [controller, setHelpOpen]);
}

/** Tells screen readers where the player is: after each seek or pause, not at every step of playback. */
function StepAnnouncer({ playback, timeline }: { playback: PlaybackState; timeline: Timeline }) {
  const [text, setText] = useState("");
  const { step, playing, following, speed, frameCount } = playback;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (following) setText("Following the live game");
      else if (playing) setText(`Playing at ${speedLabel(speed)}`);
      else {
        const events = timeline
          .markers()
          .filter((m) => m.frame === step)
          .map((m) => m.label);
        setText(
          [`Step ${step} of ${Math.max(0, frameCount - 1)}`, timeline.describe(step), ...events]
            .filter(Boolean)
            .join(". "),
        );
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [step, playing, following, speed, frameCount, timeline]);
  return (
    <div aria-live="polite" className="sr-only" data-testid="step-announcer">
      {text}
    </div>
  );
}
