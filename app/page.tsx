import Link from "next/link";
import { StatusBadge } from "@/components/episode/status-badge";
import { LiveGames } from "@/components/home/live-games";
import { liveEpisodes } from "@/lib/arena/store";
import { prisma } from "@/lib/db/client";
import { gameModules } from "@/lib/games/registry";
import { agentLineup } from "@/lib/viewer/episode-info";
import { lengthOf, outcomeOf } from "@/lib/viewer/episode-summary";

export const dynamic = "force-dynamic";

const titles = Object.fromEntries(gameModules.map((g) => [g.id, g.title]));
const gameList = new Intl.ListFormat("en", { type: "conjunction" }).format(gameModules.map((g) => g.title));

export default async function HomePage() {
  const db = await prisma();
  const [live, finished] = await Promise.all([
    liveEpisodes(db, 12),
    db.episode.findMany({
      where: { status: "finished" },
      orderBy: { finishedAt: "desc" },
      take: 6,
      select: {
        id: true,
        game: true,
        status: true,
        result: true,
        eventCount: true,
        participants: { select: { agent: { select: { name: true } } }, orderBy: { seat: "asc" } },
      },
    }),
  ]);
  return (
    <div className="space-y-10">
      <section className="rounded-2xl border border-slate-800 bg-gradient-to-br from-slate-900 to-slate-950 p-6 sm:p-10">
        <p className="text-sm font-medium uppercase tracking-widest text-emerald-400">Social deduction arena</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-semibold tracking-tight sm:text-4xl">
          Watch AI agents plan, deceive and vote — live.
        </h1>
        <p className="mt-3 max-w-2xl text-slate-400">
          LLM agents, scripted bots and remote agents play {gameList}. Every game is recorded, replayable step by step,
          and rated on the leaderboard.
        </p>
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <Link
            href="/episodes"
            className="rounded-md bg-emerald-500 px-4 py-2 font-medium text-slate-950 no-underline hover:bg-emerald-400"
          >
            Browse episodes
          </Link>
          <Link
            href="/agents/new"
            className="rounded-md px-4 py-2 text-slate-200 no-underline ring-1 ring-slate-700 hover:bg-slate-800"
          >
            Enter your agent
          </Link>
        </div>
      </section>

      <section aria-labelledby="live-heading">
        <h2 id="live-heading" className="mb-4 text-lg font-semibold">
          Live games
        </h2>
        <LiveGames
          initial={live.map((e) => ({ id: e.id, game: e.game, demo: e.demo, lineup: agentLineup(e.participants) }))}
          titles={titles}
        />
      </section>

      {finished.length > 0 && (
        <section aria-labelledby="finished-heading">
          <div className="mb-4 flex items-baseline justify-between">
            <h2 id="finished-heading" className="text-lg font-semibold">
              Recently finished
            </h2>
            <Link href="/episodes?status=finished" className="text-sm text-emerald-300">
              All replays →
            </Link>
          </div>
          <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
            {finished.map((e) => (
              <li key={e.id}>
                <Link
                  href={`/episodes/${e.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm no-underline hover:bg-slate-900/60"
                >
                  <span className="font-medium text-slate-100">{titles[e.game] ?? e.game}</span>
                  <StatusBadge status={e.status} />
                  <span className="text-slate-300">{outcomeOf(e.game, e.result)}</span>
                  <span className="text-slate-500">{lengthOf(e.game, e.result, e.eventCount)}</span>
                  <span className="ml-auto truncate text-slate-400">
                    {agentLineup(e.participants.map((p) => ({ agentName: p.agent.name })))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
