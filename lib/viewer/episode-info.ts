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
  /** `player`: the seat's display name in the game ("Player_2", "Bob"). */
  participants: Array<{ seat: number; player: string; agentName: string; agentKind: string; role: string | null }>;
}

export const isLive = (status: EpisodeInfo["status"]) => status === "queued" || status === "running";

/** Which agents played, by name, with how many seats each took: "arena-random ×5, gpt-4o ×2". */
export function agentLineup(participants: ReadonlyArray<{ agentName: string }>): string {
  const counts = new Map<string, number>();
  for (const p of participants) counts.set(p.agentName, (counts.get(p.agentName) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}
