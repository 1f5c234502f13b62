/**
 * The current picture of a SocialGrid episode for thumbnails (home page): the newest frame of its log.
 * The server keeps the timelines of the episodes being watched and reads only new events on each request.
 */
import type { MapInfo } from "@/engine/games/socialgrid/events";
import { readEvents } from "@/lib/arena/store";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { SocialGridTimeline, type Corpse, type Fate, type PhaseKind, type ShownRole } from "./timeline";

export interface SceneSnapshot {
  episodeId: string;
  step: number;
  t: number;
  phase: PhaseKind;
  meeting: number;
  map: MapInfo;
  roles: ShownRole[];
  /** x, y, facing per seat. */
  poses: number[];
  fates: readonly Fate[];
  doorsOpen: readonly boolean[];
  corpses: readonly Corpse[];
}

const CACHED_EPISODES = 32;
const cache = new Map<string, Promise<SocialGridTimeline>>();

async function catchUp(
  prisma: PrismaClient,
  episodeId: string,
  timeline: SocialGridTimeline,
): Promise<SocialGridTimeline> {
  for (;;) {
    const page = await readEvents(prisma, episodeId, timeline.lastSeq, 5_000);
    timeline.append(page);
    if (page.length < 5_000) return timeline;
  }
}

/** The newest frame of a stored SocialGrid episode, or null before its first event. */
export async function latestScene(
  prisma: PrismaClient,
  episodeId: string,
  keep: boolean,
): Promise<SceneSnapshot | null> {
  // Requests for one episode queue behind each other, so each event is appended once.
  const previous = cache.get(episodeId) ?? Promise.resolve(new SocialGridTimeline());
  const next = previous.catch(() => new SocialGridTimeline()).then((timeline) => catchUp(prisma, episodeId, timeline));
  cache.delete(episodeId);
  if (keep) {
    cache.set(episodeId, next);
    if (cache.size > CACHED_EPISODES) cache.delete(cache.keys().next().value!);
  }
  const timeline = await next;
  if (!timeline.start || timeline.frameCount === 0) return null;
  const frame = timeline.frame(timeline.frameCount - 1);
  return {
    episodeId,
    step: frame.index,
    t: frame.t,
    phase: frame.phase,
    meeting: frame.meeting,
    map: timeline.start.map,
    roles: timeline.roles,
    poses: Array.from(frame.poses),
    fates: frame.fates,
    doorsOpen: frame.doorsOpen,
    corpses: frame.corpses,
  };
}
