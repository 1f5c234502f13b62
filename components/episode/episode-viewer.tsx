"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isLive, type EpisodeInfo } from "@/lib/viewer/episode-info";
import { commandForKey } from "@/lib/viewer/keys";
import { browserClock, PlaybackController, speedLabel, type PlaybackState } from "@/lib/viewer/playback";
import type { Timeline } from "@/lib/viewer/timeline";
import { EpisodeHeader } from "./episode-header";
import { HelpOverlay } from "./help-overlay";
import { rendererFor } from "./renderers";
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
 * keyboard shortcuts and `?step=` deep links, and hands the rest to the game's own view.
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
      <EpisodeHeader info={info} status={log.status} onHelp={() => setHelpOpen(true)} />
      {log.error && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-2 text-sm text-rose-200">
          {log.error}
        </p>
      )}
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
          controls={<TimelineControls controller={controller} playback={playback} timeline={timeline} connection={log.connection} />}
        />
      )}
      <StepAnnouncer playback={playback} timeline={timeline} />
      <HelpOverlay open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
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
        setText([`Step ${step} of ${Math.max(0, frameCount - 1)}`, timeline.describe(step), ...events].filter(Boolean).join(". "));
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
