import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentEpisodes } from "@/components/agents/agent-episodes";
import { FailureRadar } from "@/components/agents/failure-radar";
import { OwnerPanel } from "@/components/agents/owner-panel";
import { KindBadge, ProvisionalBadge, StatusBadge } from "@/components/badges";
import { EmptyState } from "@/components/empty-state";
import { DASH, dateTime, fixed, KIND_LABEL, millis, percent, ratio, roleLabel } from "@/components/format";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { agentProfile, type AgentMetrics } from "@/lib/registry/profile";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

async function load(id: string) {
  const db = await prisma();
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await db.agent.findUnique({ where: { id } }) : null;
  if (!row || row.deletedAt) notFound();
  return agentProfile(db, row);
}

export async function generateMetadata({ params }: { params: Params }) {
  const db = await prisma();
  const { id } = await params;
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id)
    ? await db.agent.findUnique({ where: { id }, select: { name: true } })
    : null;
  return { title: row?.name ?? "Agent" };
}

const ROLE_COLOUR: Record<string, string> = { crewmate: "#38bdf8", impostor: "#f43f5e" };

export default async function AgentPage({ params }: { params: Params }) {
  const { agent, ratings, metrics, episodes } = await load((await params).id);
  const threshold = env().PROVISIONAL_GAMES;
  const radar = metrics
    .filter((m) => m.aggregate && m.aggregate.failures.steps > 0)
    .map((m) => ({
      role: `${m.game}-${m.role}`,
      label: `${roleLabel(m.role)} (${m.game})`,
      colour: ROLE_COLOUR[m.role] ?? "#34d399",
      fractions: m.aggregate!.failures.fractions,
    }));
  return (
    <>
      <PageHeader title={agent.name} description={agent.description || KIND_LABEL[agent.kind]}>
        <div className="flex items-center gap-2 text-sm">
          <KindBadge kind={agent.kind} />
          <StatusBadge status={agent.status} />
        </div>
      </PageHeader>
      <dl className="mb-8 grid gap-3 text-sm sm:grid-cols-4">
        {[
          ["Kind", KIND_LABEL[agent.kind]],
          ["Plays", agent.games.join(", ")],
          ["Endpoint", agent.endpoint ?? DASH],
          ["Last played", dateTime(agent.lastUsedAt)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg border border-slate-800 bg-slate-900/40 px-3 py-2">
            <dt className="text-xs text-slate-500">{term}</dt>
            <dd className="truncate font-mono text-xs text-slate-200" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="ratings-heading" className="mb-8">
        <h2 id="ratings-heading" className="mb-3 text-lg font-semibold">
          Ratings
        </h2>
        {ratings.length === 0 ? (
          <EmptyState title="Not rated yet">Ratings appear after its first finished league games.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-800">
            <table className="w-full text-left text-sm" aria-label="Ratings">
              <thead className="bg-slate-900 text-xs text-slate-400">
                <tr>
                  {["Game", "Role", "Rank", "Elo", "95% CI", "OpenSkill μ ± σ", "Games"].map((h) => (
                    <th key={h} className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {ratings.map((r) => (
                  <tr key={`${r.game}/${r.role}`}>
                    <td className="px-3 py-2">
                      <Link href={`/leaderboard?game=${r.game}&role=${r.role}`}>{r.game}</Link>
                    </td>
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-2">
                        {roleLabel(r.role)}{" "}
                        {r.provisional && <ProvisionalBadge games={r.games} threshold={threshold} />}
                      </span>
                    </td>
                    <td className="px-3 py-2 font-mono">{r.rank ?? DASH}</td>
                    <td className="px-3 py-2 font-mono">{fixed(r.elo?.rating)}</td>
                    <td className="px-3 py-2 font-mono text-xs text-slate-400">
                      {r.elo?.lower != null && r.elo.upper != null
                        ? `${r.elo.lower.toFixed(0)} – ${r.elo.upper.toFixed(0)}`
                        : DASH}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {r.openSkill ? `${r.openSkill.mu.toFixed(1)} ± ${r.openSkill.sigma.toFixed(1)}` : DASH}
                    </td>
                    <td className="px-3 py-2">{r.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {metrics.length > 0 && (
        <section aria-labelledby="metrics-heading" className="mb-8">
          <h2 id="metrics-heading" className="mb-3 text-lg font-semibold">
            Metrics
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="space-y-4">
              {metrics.map((m) => (
                <MetricsCard key={`${m.game}/${m.role}`} metrics={m} />
              ))}
            </div>
            {radar.length > 0 && <FailureRadar series={radar} />}
          </div>
        </section>
      )}

      <section aria-labelledby="episodes-heading" className="mb-8">
        <h2 id="episodes-heading" className="mb-3 text-lg font-semibold">
          Episodes
        </h2>
        {episodes.length === 0 ? (
          <EmptyState title="No episodes yet">It has not been seated in a game yet.</EmptyState>
        ) : (
          <AgentEpisodes agentId={agent.id} episodes={episodes} />
        )}
        <p className="mt-2 text-xs text-slate-500">
          The latest {episodes.length}. All of them:{" "}
          <a href={`/api/episodes?agent=${agent.id}`}>/api/episodes?agent={agent.id}</a>
        </p>
      </section>

      {agent.kind !== "builtin" && <OwnerPanel agentId={agent.id} status={agent.status} testable />}
    </>
  );
}

function MetricsCard({ metrics }: { metrics: AgentMetrics }) {
  const a = metrics.aggregate;
  const d = metrics.decisions;
  const stats: Array<[string, string, string]> = [
    ["Episodes", String(a?.episodes ?? DASH), "Episodes played in this role"],
    ["Win rate", percent(a?.winRate), "Episodes its side won"],
    ...(metrics.role === "crewmate"
      ? ([
          ["TP", percent(a?.tp.mean), "Task progress: weighted share of its tasks completed"],
          ["PSR", percent(a?.psr.mean), "Planning success rate: share of task stations reached"],
          ["PP", percent(a?.pp.mean), "Path efficiency over completed tasks"],
          [
            "Detection",
            percent(a?.detection.accuracy),
            `Non-skip votes that hit an impostor (${a?.detection.votes ?? 0} votes)`,
          ],
          ["Brier", fixed(a?.brier.mean, 3), "Trust calibration (lower is better)"],
          ["Volatility", fixed(a?.volatility.mean, 3), "Mean change of its trust scores between votes"],
        ] as Array<[string, string, string]>)
      : ([
          [
            "Misdirection",
            percent(ratio(a?.impostorVotes.misdirection ?? 0, a?.impostorVotes.votes ?? 0)),
            "Votes against crew while trusting a fellow impostor",
          ],
          ["Brier", fixed(a?.brier.mean, 3), "Trust calibration (lower is better)"],
        ] as Array<[string, string, string]>)),
    ["Stuckness", percent(a?.failures.stuckness, 1), "Share of its steps flagged by any failure detector"],
    ["Decisions", String(d.decisions), "Decisions it was asked for"],
    ["Invalid", percent(ratio(d.invalid, d.decisions), 1), "Unparsable, off-schema or illegal replies"],
    ["Latency", millis(ratio(d.latencyMs, d.decisions)), "Mean time per decision"],
    ["Tokens", fixed(ratio(d.tokens, d.tokenDecisions)), "Mean tokens per decision (LLM agents)"],
  ];
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <h3 className="mb-3 text-sm font-medium text-slate-200">
        {roleLabel(metrics.role)} · {metrics.game}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {stats.map(([term, value, title]) => (
          <div key={term} title={title} className="rounded-md bg-slate-950/50 px-2 py-1.5">
            <dt className="text-[11px] text-slate-500">{term}</dt>
            <dd className="font-mono text-sm text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
