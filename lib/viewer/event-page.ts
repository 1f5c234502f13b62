/** Server side of `GET /api/episodes/[id]/events`: one page of payloads as a JSON array text, built by Postgres. */
import "server-only";
import type { AnyGameModule } from "@/engine/core/module";
import { seatLogView } from "@/lib/arena/redact";
import { readAllEvents } from "@/lib/arena/store";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { EventsPage } from "./events-api";

/**
 * The JSON body of an events page. Postgres aggregates the stored payloads into one array, which goes out
 * as it comes (no per-row mapping, no parse and re-serialise): several times faster for a long episode.
 */
export async function eventsPageBody(
  prisma: PrismaClient,
  episode: { id: string; status: EventsPage["status"]; eventCount: number },
  afterSeq: number,
  limit: number,
): Promise<string> {
  const [page] = await prisma.$queryRaw<Array<{ events: string | null; count: number }>>`
    SELECT json_agg(payload ORDER BY seq)::text AS events, count(*)::int AS count
    FROM (SELECT payload, seq FROM "EpisodeEvent" WHERE "episodeId" = ${episode.id} AND seq > ${afterSeq} ORDER BY seq LIMIT ${limit}) AS page`;
  const more = afterSeq + page.count < episode.eventCount;
  const head: Omit<EventsPage, "events"> = { episodeId: episode.id, status: episode.status, afterSeq, more };
  return `${JSON.stringify(head).slice(0, -1)},"events":${page.events ?? "[]"}}`;
}

/**
 * An events page as the player in `seat` sees it. A seat view reads the log from its start (whole rounds:
 * the stored log always ends between rounds), so the whole log is read and the page cut from the view.
 * Null when the game has no per-seat views.
 */
export async function seatEventsPageBody(
  prisma: PrismaClient,
  episode: { id: string; status: EventsPage["status"] },
  game: AnyGameModule,
  seat: number,
  afterSeq: number,
  limit: number,
): Promise<string | null> {
  const view = seatLogView(game, seat);
  if (!view) return null;
  const log = view(await readAllEvents(prisma, episode.id));
  const events = log.slice(afterSeq, afterSeq + limit).map((e) => e.payload);
  const page: EventsPage = {
    episodeId: episode.id,
    status: episode.status,
    afterSeq,
    events,
    more: afterSeq + events.length < log.length,
  };
  return JSON.stringify(page);
}
