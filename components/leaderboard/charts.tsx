import type { LeaderboardView } from "@/lib/leaderboard/view";
import { percent, roleLabel } from "../format";
import { CiWhiskers, type WhiskerMeasure, type WhiskerPoint } from "./ci-whiskers";
import { Heatmap } from "./heatmap";

/** Role colours in the game's role order (SocialGrid: crewmates blue, impostors red). */
const ROLE_COLOURS = ["#38bdf8", "#f43f5e", "#34d399", "#fbbf24", "#a78bfa", "#f472b6"];

const ELO: WhiskerMeasure = { name: "Elo", interval: "95% CI", digits: 0 };
const OPENSKILL: WhiskerMeasure = { name: "OpenSkill μ", interval: "± 2σ", digits: 1 };

function whiskerPoints(view: LeaderboardView, role: string, elo: boolean): WhiskerPoint[] {
  const rows = view.rows.filter((r) => r.role === role);
  return elo
    ? rows
        .filter((r) => r.elo?.lower != null && r.elo.upper != null)
        .map((r) => ({ name: r.agent.name, rating: r.elo!.rating, lower: r.elo!.lower!, upper: r.elo!.upper! }))
    : rows
        .filter((r) => r.openSkill)
        .map(({ agent, openSkill: s }) => ({
          name: agent.name,
          rating: s!.mu,
          lower: s!.mu - 2 * s!.sigma,
          upper: s!.mu + 2 * s!.sigma,
        }));
}

/**
 * Rating whiskers per role (league Elo with its bootstrap interval in games with league sides, else OpenSkill
 * μ ± 2σ), and for league games the head-to-head matrices: win rate, detection accuracy, games per pair.
 */
export function LeaderboardCharts({ view, roles }: { view: LeaderboardView; roles: string[] }) {
  const h2h = view.headToHead;
  const sides = view.teamRoles;
  const name = (role: string) => view.roleLabels[role] ?? roleLabel(role);
  const whiskers = roles
    .map((role) => ({ role, points: whiskerPoints(view, role, sides !== null) }))
    .filter((w) => w.points.length > 0);
  const names = h2h?.agents.map((a) => a.name) ?? [];
  // The league's sides by their role names: "crewmate" and "impostor" in SocialGrid.
  const crew = sides ? name(sides.crew).toLowerCase() : "";
  const impostor = sides ? name(sides.impostor).toLowerCase() : "";
  const maxGames = Math.max(1, ...(h2h?.games.flat() ?? [0]));
  if (!sides && whiskers.length === 0) return null;
  return (
    <section aria-labelledby="charts-heading" className="mt-10">
      <h2 id="charts-heading" className="mb-4 text-lg font-semibold">
        Charts
      </h2>
      {whiskers.length > 0 && (
        <div className="mb-6 grid gap-4 lg:grid-cols-2">
          {whiskers.map((w) => (
            <CiWhiskers
              key={w.role}
              title={sides ? `${name(w.role)} Elo with 95% bootstrap interval` : `${name(w.role)} OpenSkill μ ± 2σ`}
              points={w.points}
              colour={ROLE_COLOURS[Math.max(0, view.roles.indexOf(w.role)) % ROLE_COLOURS.length]}
              measure={sides ? ELO : OPENSKILL}
            />
          ))}
        </div>
      )}
      {sides && h2h && h2h.agents.length > 0 ? (
        <div className="grid gap-4 xl:grid-cols-2">
          <Heatmap
            title="Head-to-head win rate (row agent vs column agent, either role)"
            rowLabel="agent"
            columnLabel="opponent"
            names={names}
            values={h2h.winRate}
            palette="diverging"
            format={(v) => percent(v)}
            tooltip={(i, j) => `${names[i]} vs ${names[j]}: ${percent(h2h.winRate[i][j])} of ${h2h.games[i][j]} games`}
          />
          <Heatmap
            title={`Detection accuracy (${crew} agent × ${impostor} agent)`}
            rowLabel={crew}
            columnLabel={impostor}
            names={names}
            values={h2h.detectionAccuracy}
            palette="sequential"
            format={(v) => percent(v)}
            tooltip={(i, j) =>
              `${names[i]} as ${crew} against ${names[j]} as ${impostor}: ${percent(h2h.detectionAccuracy[i][j])} of ${h2h.detectionVotes[i][j]} non-skip votes`
            }
          />
          <Heatmap
            title={`${name(sides.crew)} win rate (${crew} agent × ${impostor} agent)`}
            rowLabel={crew}
            columnLabel={impostor}
            names={names}
            values={h2h.crewWinRate}
            palette="diverging"
            format={(v) => percent(v)}
            tooltip={(i, j) =>
              `${names[i]} as ${crew} against ${names[j]}: ${percent(h2h.crewWinRate[i][j])} of ${h2h.crewGames[i][j]} games`
            }
          />
          <Heatmap
            title="Games per pair (either role)"
            rowLabel="agent"
            columnLabel="opponent"
            names={names}
            values={h2h.games.map((row) => row.map((n) => (n > 0 ? n : null)))}
            palette="sequential"
            scale={(v) => v / maxGames}
            format={(v) => String(v)}
            tooltip={(i, j) => `${names[i]} and ${names[j]}: ${h2h.games[i][j]} games`}
          />
        </div>
      ) : (
        sides && (
          <p className="text-sm text-slate-400">
            Head-to-head charts appear once league games (one agent holds every {crew} seat, another every {impostor}{" "}
            seat) have finished.
          </p>
        )
      )}
    </section>
  );
}
