import type { LeaderboardView } from "@/lib/leaderboard/view";
import { percent, roleLabel } from "../format";
import { CiWhiskers } from "./ci-whiskers";
import { Heatmap } from "./heatmap";

const ROLE_COLOUR: Record<string, string> = { crewmate: "#38bdf8", impostor: "#f43f5e" };

/** CI whiskers per role, and the head-to-head matrices: win rate, detection accuracy, games per pair. */
export function LeaderboardCharts({ view, roles }: { view: LeaderboardView; roles: string[] }) {
  const h2h = view.headToHead;
  const whiskers = roles
    .map((role) => ({
      role,
      points: view.rows
        .filter((r) => r.role === role && r.elo?.lower != null && r.elo.upper != null)
        .map((r) => ({ name: r.agent.name, rating: r.elo!.rating, lower: r.elo!.lower!, upper: r.elo!.upper! })),
    }))
    .filter((w) => w.points.length > 0);
  const names = h2h?.agents.map((a) => a.name) ?? [];
  const maxGames = Math.max(1, ...(h2h?.games.flat() ?? [0]));
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
              title={`${roleLabel(w.role)} Elo with 95% bootstrap interval`}
              points={w.points}
              colour={ROLE_COLOUR[w.role] ?? "#34d399"}
            />
          ))}
        </div>
      )}
      {h2h && h2h.agents.length > 0 ? (
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
            title="Detection accuracy (crew agent × impostor agent)"
            rowLabel="crew"
            columnLabel="impostors"
            names={names}
            values={h2h.detectionAccuracy}
            palette="sequential"
            format={(v) => percent(v)}
            tooltip={(i, j) =>
              `${names[i]}'s crew against ${names[j]}'s impostors: ${percent(h2h.detectionAccuracy[i][j])} of ${h2h.detectionVotes[i][j]} non-skip votes`
            }
          />
          <Heatmap
            title="Crew win rate (crew agent × impostor agent)"
            rowLabel="crew"
            columnLabel="impostors"
            names={names}
            values={h2h.crewWinRate}
            palette="diverging"
            format={(v) => percent(v)}
            tooltip={(i, j) =>
              `${names[i]} as crew against ${names[j]}: ${percent(h2h.crewWinRate[i][j])} of ${h2h.crewGames[i][j]} games`
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
        <p className="text-sm text-slate-400">
          Head-to-head charts appear once league games (one agent controls all crew, another all impostors) have
          finished.
        </p>
      )}
    </section>
  );
}
