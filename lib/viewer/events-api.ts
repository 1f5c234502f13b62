/**
 * `GET /api/episodes/[id]/events?afterSeq=&limit=&pov=`: an episode's log for the viewer, compactly: the event
 * payloads in seq order (seqs are gap-free, so event i has seq `afterSeq + 1 + i`); with `pov`, as that seat
 * sees it. Shared by the route and the browser.
 */
import { z } from "zod";
import type { GameEvent } from "@/engine/core/game";
import type { LoggedEvent } from "@/lib/arena/events";

export const MAX_EVENTS_PER_PAGE = 20_000;

export const eventsQuerySchema = z.object({
  afterSeq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_EVENTS_PER_PAGE).default(MAX_EVENTS_PER_PAGE),
  pov: z.coerce.number().int().min(0).max(255).optional(),
});

export interface EventsPage {
  episodeId: string;
  status: "queued" | "running" | "finished" | "failed";
  afterSeq: number;
  events: GameEvent[];
  /** More events were stored than this page holds. */
  more: boolean;
}

export const pageEntries = (page: EventsPage): LoggedEvent[] =>
  page.events.map((payload, i) => ({ seq: page.afterSeq + 1 + i, type: payload.type, payload }));

/** Every stored event after `afterSeq`, page by page. */
export async function fetchEvents(
  episodeId: string,
  afterSeq: number,
  options: { signal?: AbortSignal; pov?: number | null } = {},
): Promise<{ entries: LoggedEvent[]; status: EventsPage["status"] }> {
  const entries: LoggedEvent[] = [];
  const pov = options.pov == null ? "" : `&pov=${options.pov}`;
  for (let after = afterSeq; ; ) {
    const res = await fetch(`/api/episodes/${encodeURIComponent(episodeId)}/events?afterSeq=${after}${pov}`, {
      signal: options.signal,
      cache: "no-store",
    });
    if (!res.ok)
      throw new Error(
        ((await res.json().catch(() => null)) as { error?: string } | null)?.error ??
          `loading the episode failed (${res.status})`,
      );
    const page = (await res.json()) as EventsPage;
    for (const entry of pageEntries(page)) entries.push(entry);
    after = page.afterSeq + page.events.length;
    if (!page.more) return { entries, status: page.status };
  }
}
