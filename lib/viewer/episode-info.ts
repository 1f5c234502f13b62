/** What the episode page knows about an episode before its log is loaded (rendered on the server). */
export interface EpisodeInfo {
  id: string;
  game: string;
  title: string;
  seed: number;
  status: "queued" | "running" | "finished" | "failed";
  failureReason: string | null;
  demo: boolean;
  createdAt: string;
  config: Record<string, unknown>;
  /** The seat whose view the page shows (`?pov=`), its participants then hiding every other role; null for the god view. */
  pov: number | null;
  participants: Array<{ seat: number; agentName: string; agentKind: string; role: string | null }>;
}

export const isLive = (status: EpisodeInfo["status"]) => status === "queued" || status === "running";

/** Which agents played, by name, with how many seats each took: "arena-random ×5, gpt-4o ×2". */
export function agentLineup(participants: ReadonlyArray<{ agentName: string }>): string {
  const counts = new Map<string, number>();
  for (const p of participants) counts.set(p.agentName, (counts.get(p.agentName) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

/** "impostors win · parity" from a game's result (every game reports `winner` and `reason`). */
export function outcomeOf(result: unknown): string | null {
  const r = result as { winner?: unknown; reason?: unknown } | null;
  if (!r || typeof r.winner !== "string") return null;
  return `${r.winner} win${typeof r.reason === "string" ? ` · ${r.reason.replaceAll("_", " ")}` : ""}`;
}

/** How long a game ran: env steps (SocialGrid), rounds (talk games), else events. */
export function lengthOf(result: unknown, eventCount: number): string {
  const r = result as { t?: unknown; round?: unknown } | null;
  if (typeof r?.t === "number") return `${r.t} steps`;
  if (typeof r?.round === "number") return `${r.round} rounds`;
  return `${eventCount} events`;
}
