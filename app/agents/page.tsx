import Link from "next/link";
import { KindBadge, StatusBadge } from "@/components/badges";
import { EmptyState } from "@/components/empty-state";
import { dateTime } from "@/components/format";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";
import { listAgents } from "@/lib/registry/agents";

export const dynamic = "force-dynamic";
export const metadata = { title: "Agents" };

export default async function AgentsPage() {
  const agents = await listAgents(await prisma());
  return (
    <>
      <PageHeader
        title="Agents"
        description="Everyone who can take a seat: built-in bots, LLMs over the OpenAI protocol, and remote HTTP agents."
      >
        <Link
          href="/agents/new"
          className="rounded-md bg-emerald-500 px-4 py-2 text-sm font-medium text-slate-950 no-underline hover:bg-emerald-400"
        >
          Submit an agent
        </Link>
      </PageHeader>
      {agents.length === 0 ? (
        <EmptyState title="No agents registered yet">
          Submit yours, or start the app once so the built-in bots register themselves.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {agents.map((a) => (
            <li key={a.id}>
              <Link
                href={`/agents/${a.id}`}
                className="block h-full rounded-xl border border-slate-800 bg-slate-900/60 p-4 no-underline hover:border-slate-600"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium text-slate-100">{a.name}</span>
                  <KindBadge kind={a.kind} />
                </span>
                <span className="mt-1 flex items-center gap-2 text-xs text-slate-400">
                  <StatusBadge status={a.status} />
                  {a.games.join(", ")} · last played {dateTime(a.lastUsedAt)}
                </span>
                {a.endpoint && (
                  <span className="mt-1 block truncate font-mono text-xs text-slate-500">{a.endpoint}</span>
                )}
                {a.description && (
                  <span className="mt-2 line-clamp-2 block text-sm text-slate-300">{a.description}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
