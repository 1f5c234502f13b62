import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentEpisodes } from "@/components/agents/agent-episodes";
import { FigureRadar } from "@/components/agents/figure-radar";
import { OwnerPanel } from "@/components/agents/owner-panel";
import { KindBadge, ProvisionalBadge, StatusBadge } from "@/components/badges";
import { EmptyState } from "@/components/empty-state";
import { DASH, dateTime, figure, fixed, KIND_LABEL, millis, percent, ratio, roleLabel } from "@/components/format";
import { PageHeader } from "@/components/page-header";
import { idSchema } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { gameTitle } from "@/lib/games/registry";
import { agentProfile, type AgentMetrics } from "@/lib/registry/profile";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

async function load(id: string) {
  const db = await prisma();
  const row = idSchema.safeParse(id).success ? await db.agent.findUnique({ where: { id } }) : null;
  if (!row || row.deletedAt) notFound();
  return agentProfile(db, row);
}

export async function generateMetadata({ params }: { params: Params }) {
  const db = await prisma();
  const { id } = await params;
  const row = idSchema.safeParse(id).success
    ? await db.agent.findUnique({ where: { id }, select: { name: true } })
    : null;
  return { title: row?.name ?? "Agent" };
}

/** Radar series colours, in order of the agent's rated roles. */
const RADAR_COLOURS = ["#38bdf8", "#f43f5e", "#34d399", "#fbbf24"];

export default async function AgentPage({ params }: { params: Params }) {
  const { agent, ratings, metrics, episodes } = await load((await params).id);
  const threshold = env().PROVISIONAL_GAMES;
  // The metrics per game, in order, each with the game's radar (its roles as series) if it draws one.
  const games = [...new Set(metrics.map((m) => m.game))].map((game) => {
    const cards = metrics.filter((m) => m.game === game);
    const drawn = cards.filter((m) => m.radar?.axes.some((axis) => axis.value !== null));
    const radar = drawn.map((m, i) => ({
      role: m.role,
      label: roleLabel(m.role),
      colour: RADAR_COLOURS[i % RADAR_COLOURS.length],
      title: m.radar!.title,
      axes: m.radar!.axes,
    }));
    return { game, cards, radar };
  });
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
          ["Plays", agent.games.map(gameTitle).join(", ")],
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
                      <Link href={`/leaderboard?game=${r.game}&role=${r.role}`}>{gameTitle(r.game)}</Link>
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
          <div className="space-y-6">
            {games.map(({ game, cards, radar }) => (
              <section key={game} aria-label={`${gameTitle(game)} metrics`}>
                <h3 className="mb-2 text-sm font-semibold text-slate-300">{gameTitle(game)}</h3>
                <div className="grid items-start gap-4 lg:grid-cols-2">
                  {cards.map((m) => (
                    <MetricsCard key={m.role} metrics={m} />
                  ))}
                  {radar.length > 0 && <FigureRadar title={radar[0].title} series={radar} />}
                </div>
              </section>
            ))}
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
  const d = metrics.decisions;
  const stats: Array<[string, string, string]> = [
    ["Episodes", String(metrics.games), "Episodes played in this role"],
    ["Win rate", percent(ratio(metrics.wins, metrics.games)), "Episodes its side won"],
    ...metrics.stats.map((s): [string, string, string] => [s.label, figure(s.format, s.value), s.title]),
    ["Decisions", String(d.decisions), "Decisions it was asked for"],
    ["Invalid", percent(ratio(d.invalid, d.decisions), 1), "Unparsable, off-schema or illegal replies"],
    ["Latency", millis(ratio(d.latencyMs, d.decisions)), "Mean time per decision"],
    ["Tokens", fixed(ratio(d.tokens, d.tokenDecisions)), "Mean tokens per decision (LLM agents)"],
  ];
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <h4 className="mb-3 text-sm font-medium text-slate-200">{roleLabel(metrics.role)}</h4>
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
