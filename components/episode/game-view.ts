import type { ComponentType, ReactNode } from "react";
import type { EpisodeInfo } from "@/lib/viewer/episode-info";
import type { PlaybackController, PlaybackState } from "@/lib/viewer/playback";
import type { Timeline } from "@/lib/viewer/timeline";

/** What a game's view gets from the shared episode page. */
export interface GameViewProps<T extends Timeline> {
  info: EpisodeInfo;
  timeline: T;
  /** Bumped whenever the timeline grew. */
  version: number;
  controller: PlaybackController;
  playback: PlaybackState;
  /** The shared timeline and controls; the view places them under its stage. */
  controls: ReactNode;
}

/**
 * A game's React side (components/games/<id>/): how to read its log, how to show a step of it, and the
 * live thumbnail of the home page if it draws one. Picked by game id in components/games/registry.ts.
 */
export interface GameRenderer<T extends Timeline = Timeline> {
  createTimeline(): T;
  View: ComponentType<GameViewProps<T>>;
  Thumbnail?: ComponentType<{ episodeId: string }>;
}
