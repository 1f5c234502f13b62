/** The viewer's player view, `/episodes/[id]?pov=<seat>`: what its page may tell, and links between the views. */
import type { EpisodeInfo } from "./episode-info";

/** The page's info in `seat`'s view (every other role hidden), or why there is no such view. */
export function playerViewInfo(
  info: EpisodeInfo,
  pov: string | string[],
  hasSeatViews: boolean,
): { info: EpisodeInfo } | { error: string } {
  if (!hasSeatViews) return { error: `${info.title} episodes have no player views.` };
  const seats = `its seats are 0 to ${info.participants.length - 1}`;
  if (typeof pov !== "string" || !/^\d{1,3}$/.test(pov))
    return { error: `"${String(pov).slice(0, 20)}" is not a seat: ${seats}.` };
  const seat = Number(pov);
  if (seat >= info.participants.length) return { error: `this episode has no seat ${seat}: ${seats}.` };
  return {
    info: {
      ...info,
      pov: seat,
      participants: info.participants.map((p) => (p.seat === seat ? p : { ...p, role: null })),
    },
  };
}

/** The viewer's address for a view (pov null: the god view) at a step (null: the start, or the live end). */
export function episodeHref(
  id: string,
  { pov = null, step = null }: { pov?: number | null; step?: number | null },
): string {
  const query = new URLSearchParams();
  if (pov !== null) query.set("pov", String(pov));
  if (step !== null) query.set("step", String(step));
  return `/episodes/${id}${query.size > 0 ? `?${query}` : ""}`;
}
