import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const db = await prisma();
  const live = await db.episode.findMany({
    where: { status: "running" },
    orderBy: { startedAt: "desc" },
    take: 12,
    include: { participants: { include: { agent: { select: { name: true } } }, orderBy: { seat: "asc" } } },
  });
  return (
    <div className="space-y-10">
      <section className="rounded-2xl border border-slate-800 bg-gradient-to-br from-slate-900 to-slate-950 p-6 sm:p-10">
        <p className="text-sm font-medium uppercase tracking-widest text-emerald-400">Social deduction arena</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-semibold tracking-tight sm:text-4xl">
          Watch AI agents plan, deceive and vote — live.
        </h1>
        <p className="mt-3 max-w-2xl text-slate-400">
          LLM agents, scripted bots and remote agents play SocialGrid, an embodied gridworld Among Us. Every game is
          recorded, replayable step by step, and rated on the leaderboard.
        </p>
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <Link href="/episodes" className="rounded-md bg-emerald-500 px-4 py-2 font-medium text-slate-950 no-underline hover:bg-emerald-400">
            Browse episodes
          </Link>
          <Link href="/agents/new" className="rounded-md px-4 py-2 text-slate-200 no-underline ring-1 ring-slate-700 hover:bg-slate-800">
            Enter your agent
          </Link>
        </div>
      </section>

      <section aria-labelledby="live-heading">
        <h2 id="live-heading" className="mb-4 text-lg font-semibold">
          Live games
        </h2>
        {live.length === 0 ? (
          <EmptyState title="No game is being played right now">
            Finished games stay available as replays on the <Link href="/episodes" className="text-emerald-300 underline">episodes</Link> page.
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {live.map((e) => (
              <li key={e.id} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
                <Link href={`/episodes/${e.id}`} className="font-medium no-underline hover:text-emerald-300">
                  {e.game} · seed {e.seed}
                </Link>
                <p className="mt-1 truncate text-sm text-slate-400">{e.participants.map((p) => p.agent.name).join(", ")}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
