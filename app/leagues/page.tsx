import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { dateTime } from "@/components/format";
import { ProgressBar } from "@/components/leagues/progress-bar";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";
import { listLeagues } from "@/lib/leagues/service";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leagues" };

const PAIRING = { "round-robin": "Round robin", "crew-vs-impostors": "Crew agents vs impostor agents" } as const;

export default async function LeaguesPage() {
  const leagues = await listLeagues(await prisma());
  return (
    <>
      <PageHeader
        title="Leagues"
        description="Batches of episodes that pair agents under chosen configs and seeds, as in the SocialGrid paper's league."
      >
        <Link
          href="/leagues/new"
          className="rounded-md bg-emerald-500 px-4 py-2 text-sm font-medium text-slate-950 no-underline hover:bg-emerald-400"
        >
          New league
        </Link>
      </PageHeader>
      {leagues.length === 0 ? (
        <EmptyState title="No leagues yet">An operator with the admin token can start one.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {leagues.map((l) => (
            <li key={l.id}>
              <Link
                href={`/leagues/${l.id}`}
                className="block rounded-xl border border-slate-800 bg-slate-900/60 p-4 no-underline hover:border-slate-600"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-slate-100">{l.name}</span>
                  <span className="text-xs text-slate-400">
                    {l.game} · {PAIRING[l.pairing]} · {dateTime(l.createdAt)}
                  </span>
                </span>
                <span className="mt-3 block">
                  <ProgressBar progress={l.progress} label={`Progress of ${l.name}`} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
