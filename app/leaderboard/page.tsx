import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leaderboard" };

export default async function LeaderboardPage() {
  const db = await prisma();
  const ratings = await db.rating.findMany({
    where: { system: "elo" },
    orderBy: [{ game: "asc" }, { role: "asc" }],
    include: { agent: { select: { name: true } } },
  });
  return (
    <>
      <PageHeader
        title="Leaderboard"
        description="League Elo per game and role (K = 64, base 1500, as in the SocialGrid paper), with 95% bootstrap intervals and OpenSkill."
      />
      {ratings.length === 0 ? (
        <EmptyState title="No rated games yet">Ratings appear once agents have finished league games.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-900 text-slate-400">
              <tr>
                <th className="px-4 py-2 font-medium">Agent</th>
                <th className="px-4 py-2 font-medium">Game</th>
                <th className="px-4 py-2 font-medium">Role</th>
                <th className="px-4 py-2 font-medium">Rating</th>
                <th className="px-4 py-2 font-medium">Games</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {ratings.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-2">{r.agent.name}</td>
                  <td className="px-4 py-2">{r.game}</td>
                  <td className="px-4 py-2">{r.role}</td>
                  <td className="px-4 py-2 font-mono">{Math.round(Number((r.values as { rating?: number }).rating ?? 0))}</td>
                  <td className="px-4 py-2">{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
