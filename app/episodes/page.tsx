import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata = { title: "Episodes" };

const STATUS_STYLE: Record<string, string> = {
  running: "bg-emerald-500/15 text-emerald-300",
  finished: "bg-slate-700/60 text-slate-200",
  queued: "bg-amber-500/15 text-amber-300",
  failed: "bg-rose-500/15 text-rose-300",
};

export default async function EpisodesPage() {
  const db = await prisma();
  const episodes = await db.episode.findMany({
    orderBy: { createdAt: "desc" },
    take: 50,
    include: { _count: { select: { participants: true } } },
  });
  return (
    <>
      <PageHeader title="Episodes" description="Every game played in the arena, live or finished. Open one to watch or replay it." />
      {episodes.length === 0 ? (
        <EmptyState title="No episodes yet">Games appear here as soon as the first one is queued.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-900 text-slate-400">
              <tr>
                <th className="px-4 py-2 font-medium">Episode</th>
                <th className="px-4 py-2 font-medium">Game</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Players</th>
                <th className="px-4 py-2 font-medium">Seed</th>
                <th className="px-4 py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {episodes.map((e) => (
                <tr key={e.id} className="hover:bg-slate-900/60">
                  <td className="px-4 py-2 font-mono text-xs">
                    <Link href={`/episodes/${e.id}`} className="text-emerald-300">{e.id.slice(0, 10)}</Link>
                  </td>
                  <td className="px-4 py-2">{e.game}</td>
                  <td className="px-4 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[e.status]}`}>{e.status}</span>
                  </td>
                  <td className="px-4 py-2">{e._count.participants}</td>
                  <td className="px-4 py-2 font-mono text-xs">{e.seed}</td>
                  <td className="px-4 py-2 text-slate-400">{e.createdAt.toISOString().slice(0, 16).replace("T", " ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
