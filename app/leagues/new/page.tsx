import { LeagueForm } from "@/components/leagues/league-form";
import { PageHeader } from "@/components/page-header";
import { leagueGameOptions } from "@/lib/games/forms";
import { prisma } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata = { title: "New league" };

export default async function NewLeaguePage() {
  const agents = await (await prisma()).agent.findMany({
    where: { deletedAt: null, status: "active" },
    orderBy: [{ kind: "asc" }, { name: "asc" }],
    select: { id: true, name: true, kind: true, games: true },
  });
  return (
    <>
      <PageHeader
        title="New league"
        description="Pair agents under one or more configs and seeds; every match becomes an episode on the queue. Needs the arena's admin token."
      />
      <LeagueForm agents={agents} games={leagueGameOptions()} />
    </>
  );
}
