import Link from "next/link";
import { winningSeats } from "@/engine/core/module";
import { gameModule, gameTitle } from "@/lib/games/registry";
import type { EpisodeListItem } from "@/lib/listing/episodes";
import { StatusBadge } from "../badges";
import { dateTime, DASH, roleLabel } from "../format";

/** The agent's recent episodes: the game, its role, the other agents, and whether its side won. */
export function AgentEpisodes({ agentId, episodes }: { agentId: string; episodes: EpisodeListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-800">
      <table className="w-full text-left text-sm" aria-label="Episodes">
        <thead className="bg-slate-900 text-xs text-slate-400">
          <tr>
            <th className="px-3 py-2 font-medium">Episode</th>
            <th className="px-3 py-2 font-medium">Game</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 font-medium">Role</th>
            <th className="px-3 py-2 font-medium">Against</th>
            <th className="px-3 py-2 font-medium">Result</th>
            <th className="px-3 py-2 font-medium">Finished</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {episodes.map((e) => {
            const mine = e.participants.filter((p) => p.agentId === agentId);
            const roles = [...new Set(mine.map((p) => p.role).filter((r): r is string => r !== null))];
            const others = [...new Set(e.participants.filter((p) => p.agentId !== agentId).map((p) => p.agentName))];
            const { winner, won } = outcomeFor(e, agentId);
            return (
              <tr key={e.id} className="hover:bg-slate-900/60">
                <td className="px-3 py-2 font-mono text-xs">
                  <Link href={`/episodes/${e.id}`} className="text-emerald-300">
                    {e.id.slice(0, 10)}
                  </Link>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{gameTitle(e.game)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={e.status} />
                </td>
                <td className="px-3 py-2">{roles.map(roleLabel).join(", ") || DASH}</td>
                <td className="max-w-56 truncate px-3 py-2 text-slate-300">{others.join(", ") || "itself"}</td>
                <td className="px-3 py-2">
                  {winner ? (
                    <span className={won ? "text-emerald-300" : "text-rose-300"}>
                      {won ? "won" : "lost"} ({winner})
                    </span>
                  ) : (
                    DASH
                  )}
                </td>
                <td className="px-3 py-2 text-slate-400">{dateTime(e.finishedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The winning team's label and whether the agent held one of its seats (by the game's own rules). */
function outcomeFor(e: EpisodeListItem, agentId: string): { winner: string | null; won: boolean } {
  const game = gameModule(e.game);
  const team = game && e.result ? game.summarize(e.result).winner : null;
  if (!game || team === null) return { winner: null, won: false };
  const roles = Array.from(
    { length: e.participants.length },
    (_, seat) => e.participants.find((p) => p.seat === seat)?.role ?? null,
  );
  const winners = winningSeats(game, e.result, roles);
  return {
    winner: game.teams.find((t) => t.id === team)?.label ?? team,
    won: e.participants.some((p) => p.agentId === agentId && winners.includes(p.seat)),
  };
}
