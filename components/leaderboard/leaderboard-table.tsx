import Link from "next/link";
import type { LeaderboardView } from "@/lib/leaderboard/view";
import { KindBadge, ProvisionalBadge } from "../badges";
import { DASH, figure, fixed, millis, percent, roleLabel } from "../format";

const HEAD = "px-2 py-2 font-medium whitespace-nowrap first:pl-3 last:pr-3";
const CELL = "px-2 py-2 whitespace-nowrap first:pl-3 last:pr-3";

/**
 * One role's ranking: rank, agent, Elo with its 95% interval (games with league sides), OpenSkill, record, the
 * game's own figures and per-decision figures.
 */
export function LeaderboardTable({ view, role }: { view: LeaderboardView; role: string }) {
  const rows = view.rows.filter((r) => r.role === role);
  const teams = view.teamRoles;
  const nameOf = (id: string) => view.roleLabels[id] ?? roleLabel(id);
  const label = nameOf(role);
  // Token counts exist only for LLM agents; the column is left out when no agent reports them.
  const tokens = rows.some((r) => r.meanTokens !== null);
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-800">
      <table className="w-full text-left text-sm" aria-label={`${label} leaderboard`}>
        <thead className="bg-slate-900 text-xs text-slate-400">
          <tr>
            <th
              className={HEAD}
              title={
                teams
                  ? "CI-aware: 1 + agents whose lower bound is above this one's upper bound"
                  : "1 + agents with a higher OpenSkill μ − 3σ"
              }
            >
              Rank
            </th>
            <th className={HEAD}>Agent</th>
            {teams && (
              <>
                <th className={`${HEAD} text-right`} title="League Elo (K 64, base 1500, 10 passes)">
                  Elo
                </th>
                <th className={HEAD} title="95% bootstrap interval (200 resamples)">
                  95% CI
                </th>
              </>
            )}
            <th className={`${HEAD} text-right`} title="OpenSkill μ ± σ">
              OpenSkill
            </th>
            <th className={`${HEAD} text-right`}>Games</th>
            {teams ? (
              [teams.crew, teams.impostor].map((side) => (
                <th key={side} className={`${HEAD} text-right`} title={`Win rate as ${nameOf(side).toLowerCase()}`}>
                  {nameOf(side)} win
                </th>
              ))
            ) : (
              <th className={`${HEAD} text-right`}>Win rate</th>
            )}
            {view.columns.map((c) => (
              <th key={c.key} className={`${HEAD} text-right`} title={c.title}>
                {c.label}
              </th>
            ))}
            <th className={`${HEAD} text-right`} title="Replies that were unparsable, off-schema or illegal">
              Invalid
            </th>
            {tokens && (
              <th className={`${HEAD} text-right`} title="Mean tokens per decision (LLM agents)">
                Tokens
              </th>
            )}
            <th className={`${HEAD} text-right`} title="Mean latency per decision">
              Latency
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows.map((row) => (
            <tr key={row.agentId} className="hover:bg-slate-900/60">
              <td className={`${CELL} font-mono text-slate-300`}>{row.rank ?? DASH}</td>
              <td className="px-2 py-2">
                <span className="flex max-w-60 flex-wrap items-center gap-x-2 gap-y-1">
                  <Link href={`/agents/${row.agentId}`} className="font-medium text-emerald-300">
                    {row.agent.name}
                  </Link>
                  <KindBadge kind={row.agent.kind} />
                  {row.provisional && <ProvisionalBadge games={row.games} threshold={view.provisionalGames} />}
                </span>
              </td>
              {teams && (
                <>
                  <td className={`${CELL} text-right font-mono`}>{fixed(row.elo?.rating)}</td>
                  <td className={`${CELL} font-mono text-xs text-slate-400`}>
                    {row.elo?.lower != null && row.elo.upper != null
                      ? `${row.elo.lower.toFixed(0)} – ${row.elo.upper.toFixed(0)}`
                      : DASH}
                  </td>
                </>
              )}
              <td className={`${CELL} text-right font-mono text-xs`}>
                {row.openSkill ? `${row.openSkill.mu.toFixed(1)} ± ${row.openSkill.sigma.toFixed(1)}` : DASH}
              </td>
              <td className={`${CELL} text-right`}>{row.games}</td>
              {teams ? (
                <>
                  <td className={`${CELL} text-right`}>{percent(row.byRole[teams.crew]?.rate)}</td>
                  <td className={`${CELL} text-right`}>{percent(row.byRole[teams.impostor]?.rate)}</td>
                </>
              ) : (
                <td className={`${CELL} text-right`}>{percent(row.byRole[role]?.rate)}</td>
              )}
              {view.columns.map((c) => (
                <td key={c.key} className={`${CELL} text-right`}>
                  {figure(c.format, row.figures[c.key])}
                </td>
              ))}
              <td className={`${CELL} text-right`}>{percent(row.invalidRate, 1)}</td>
              {tokens && <td className={`${CELL} text-right`}>{fixed(row.meanTokens)}</td>}
              <td className={`${CELL} text-right`}>{millis(row.meanLatencyMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
