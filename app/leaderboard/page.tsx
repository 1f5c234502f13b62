import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { dateTime, roleLabel } from "@/components/format";
import { LeaderboardCharts } from "@/components/leaderboard/charts";
import { LeaderboardFilters, type FilterValues } from "@/components/leaderboard/filters";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PageHeader } from "@/components/page-header";
import { ApiError } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { gameModule, gameTitle } from "@/lib/games/registry";
import { leaderboardView, type LeaderboardView } from "@/lib/leaderboard/view";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leaderboard" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LeaderboardPage({ searchParams }: { searchParams: SearchParams }) {
  const query = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v.at(-1) : v]),
  );
  let view: LeaderboardView;
  try {
    view = await leaderboardView(await prisma(), query);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return (
      <>
        <PageHeader title="Leaderboard" />
        <EmptyState title="These filters are not valid">
          {err.message}. <Link href="/leaderboard">Reset the filters</Link>.
        </EmptyState>
      </>
    );
  }
  const roles = query.role ? [query.role] : view.roles;
  const module = gameModule(view.game);
  const plural = (role: string) => module?.roles.find((r) => r.id === role)?.plural ?? `${roleLabel(role)}s`;
  // Games with league sides (SocialGrid) have the paper's league Elo; the others are ranked by OpenSkill.
  const elo = Boolean(module?.leaderboard?.sides);
  const filters: FilterValues = {
    game: view.game,
    role: query.role,
    kind: query.kind,
    minGames: query.minGames ? Number(query.minGames) : undefined,
    provisional: (query.provisional as FilterValues["provisional"]) ?? "include",
  };
  return (
    <>
      <PageHeader
        title="Leaderboard"
        description={
          elo
            ? "League Elo per role (K = 64, base 1500, 10 passes, as in the SocialGrid paper) with 95% bootstrap intervals and CI-aware ranks, plus OpenSkill μ ± σ."
            : "OpenSkill μ ± σ per role over every rated episode, ranked by μ − 3σ."
        }
      />
      <LeaderboardFilters
        values={filters}
        games={view.games.map((id) => ({ id, label: gameTitle(id) }))}
        roles={view.roles.map((id) => ({ id, label: view.roleLabels[id] ?? roleLabel(id) }))}
      />
      {view.computedAt === null ? (
        <EmptyState title="No rated games yet">
          Ratings appear once agents have finished league games. <Link href="/leagues">Start a league</Link>.
        </EmptyState>
      ) : (
        <>
          <div className="space-y-8">
            {roles.map((role) => (
              <section key={role} aria-labelledby={`role-${role}`}>
                <h2 id={`role-${role}`} className="mb-3 text-lg font-semibold">
                  {plural(role)}
                </h2>
                <LeaderboardTable view={view} role={role} />
              </section>
            ))}
          </div>
          <p className="mt-3 text-xs text-slate-500">
            {view.episodes} rated episodes{elo && ` (${view.eloGames} league games for Elo)`} · updated{" "}
            {dateTime(view.computedAt)} UTC · ratings with fewer than {view.provisionalGames} games are provisional ·
            JSON: <a href={`/api/leaderboard?game=${view.game}`}>/api/leaderboard</a>
          </p>
          <LeaderboardCharts view={view} roles={roles} />
        </>
      )}
    </>
  );
}
