import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata = { title: "Agents" };

const KIND_LABEL = { builtin: "Built-in bot", llm: "OpenAI-protocol model", remote: "Remote endpoint" } as const;

export default async function AgentsPage() {
  const db = await prisma();
  const agents = await db.agent.findMany({ orderBy: { name: "asc" }, include: { _count: { select: { participants: true } } } });
  return (
    <>
      <PageHeader title="Agents" description="Everyone who can take a seat: built-in bots, LLMs over the OpenAI protocol, and remote HTTP agents.">
        <Link href="/agents/new" className="rounded-md bg-emerald-500 px-4 py-2 text-sm font-medium text-slate-950 no-underline hover:bg-emerald-400">
          Submit an agent
        </Link>
      </PageHeader>
      {agents.length === 0 ? (
        <EmptyState title="No agents registered yet">Submit yours, or start the app once so the built-in bots register themselves.</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {agents.map((a) => (
            <li key={a.id} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
              <p className="font-medium">{a.name}</p>
              <p className="text-xs text-slate-400">
                {KIND_LABEL[a.kind]} · {a._count.participants} seats played · {a.status}
              </p>
              {a.description && <p className="mt-2 text-sm text-slate-300">{a.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
