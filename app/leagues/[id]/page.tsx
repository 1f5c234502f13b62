import { notFound } from "next/navigation";
import { dateTime } from "@/components/format";
import { LeagueLive } from "@/components/leagues/league-live";
import { PageHeader } from "@/components/page-header";
import { idSchema } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { leagueDetail } from "@/lib/leagues/service";

export const dynamic = "force-dynamic";

const PAIRING = { "round-robin": "round robin", "crew-vs-impostors": "crew agents vs impostor agents" } as const;

export default async function LeaguePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const league = idSchema.safeParse(id).success ? await leagueDetail(await prisma(), id) : null;
  if (!league) notFound();
  const configs = league.spec.configs.length;
  return (
    <>
      <PageHeader
        title={league.name}
        description={`${league.game} · ${PAIRING[league.pairing]} · ${league.agents.length} agents · ${configs} config${configs === 1 ? "" : "s"} × ${league.spec.seeds.length} seed${league.spec.seeds.length === 1 ? "" : "s"} × ${league.spec.episodesPerPairing} per pairing · started ${dateTime(league.createdAt)}`}
      />
      <LeagueLive initial={league} />
    </>
  );
}
