import Link from "next/link";
import { StatusBadge } from "@/components/episode/status-badge";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";
import { gameModules, gameTitle } from "@/lib/games/registry";
import { agentLineup } from "@/lib/viewer/episode-info";
import { lengthOf, outcomeOf } from "@/lib/viewer/episode-summary";
import { episodeFilterSchema, findEpisodes, type EpisodeFilter, winnerChoices } from "@/lib/viewer/episode-list";

export const dynamic = "force-dynamic";
export const metadata = { title: "Episodes" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function EpisodesPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  const filter = episodeFilterSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  const db = await prisma();
  const [{ episodes: rows, nextCursor: next }, agents] = await Promise.all([
    findEpisodes(db, filter),
    db.agent.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" }, take: 500 }),
  ]);
  const filtered = Boolean(filter.status || filter.game || filter.agent || filter.winner);
  const nextHref = next ? `/episodes?${new URLSearchParams({ ...definedOnly(filter), cursor: next })}` : null;

  return (
    <>
      <PageHeader
        title="Episodes"
        description="Every game played in the arena, live or finished. Open one to watch it live or replay it step by step."
      />
      <Filters filter={filter} agents={agents} />
      {rows.length === 0 ? (
        <EmptyState title={filtered ? "No episode matches these filters" : "No episodes yet"}>
          {filtered ? (
            <Link href="/episodes" className="text-emerald-300 underline">
              Clear the filters
            </Link>
          ) : (
            "Games appear here as soon as the first one is queued."
          )}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-900 text-slate-400">
              <tr>
                <th className="px-4 py-2 font-medium">Episode</th>
                <th className="px-4 py-2 font-medium">Game</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Agents</th>
                <th className="px-4 py-2 font-medium">Outcome</th>
                <th className="px-4 py-2 font-medium">Length</th>
                <th className="px-4 py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {rows.map((e) => (
                <tr key={e.id} className="hover:bg-slate-900/60">
                  <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">
                    <Link href={`/episodes/${e.id}`} className="text-emerald-300" aria-label={`Episode ${e.id}`}>
                      {e.id.slice(0, 10)}
                    </Link>
                    <span className="ml-2 text-slate-500">seed {e.seed}</span>
                  </td>
                  <td className="px-4 py-2">{gameTitle(e.game)}</td>
                  <td className="whitespace-nowrap px-4 py-2">
                    <StatusBadge status={e.status} />
                    {e.demo && <span className="ml-1.5 text-xs text-sky-300">demo</span>}
                  </td>
                  <td className="max-w-64 truncate px-4 py-2 text-slate-300" title={agentLineup(e.participants)}>
                    {agentLineup(e.participants)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-slate-300">
                    {outcomeOf(e.game, e.result) ?? (e.status === "failed" ? "—" : "in progress")}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums text-slate-300">
                    {lengthOf(e.game, e.result, e.eventCount)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-slate-400">
                    {e.createdAt.slice(0, 16).replace("T", " ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextHref && (
        <p className="mt-4 text-right text-sm">
          <Link href={nextHref} className="text-emerald-300">
            Older episodes →
          </Link>
        </p>
      )}
    </>
  );
}

function definedOnly(filter: EpisodeFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && k !== "cursor") out[k] = v;
  return out;
}

function Filters({ filter, agents }: { filter: EpisodeFilter; agents: Array<{ id: string; name: string }> }) {
  const winners = winnerChoices(filter.game);
  const select = "rounded-md bg-slate-900 px-2 py-1.5 text-sm text-slate-200 ring-1 ring-slate-700";
  return (
    <form
      method="get"
      aria-label="Filter episodes"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-800 bg-slate-900/40 p-3"
    >
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Status
        <select name="status" defaultValue={filter.status ?? ""} className={select}>
          <option value="">All</option>
          <option value="live">Live</option>
          <option value="finished">Finished</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Game
        <select name="game" defaultValue={filter.game ?? ""} className={select}>
          <option value="">All</option>
          {gameModules.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Agent
        <select name="agent" defaultValue={filter.agent ?? ""} className={select}>
          <option value="">All</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Winner
        <select name="winner" defaultValue={filter.winner ?? ""} className={select}>
          <option value="">Any</option>
          {winners.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md bg-emerald-500 px-3 py-1.5 text-sm font-medium text-slate-950 hover:bg-emerald-400"
      >
        Apply filters
      </button>
      <Link href="/episodes" className="px-1 py-1.5 text-sm text-slate-400">
        Clear
      </Link>
    </form>
  );
}
