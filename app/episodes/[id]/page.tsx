import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ErrorAlert } from "@/components/episode/error-alert";
import { EpisodeViewer } from "@/components/episode/episode-viewer";
import { idSchema } from "@/lib/api/http";
import { gameModule } from "@/lib/games/registry";
import { prisma } from "@/lib/db/client";
import type { EpisodeInfo } from "@/lib/viewer/episode-info";
import { episodeHref, playerViewInfo } from "@/lib/viewer/player-view";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** Cached per request: the metadata and the page ask for the same episode. */
const loadInfo = cache(async (rawId: string): Promise<EpisodeInfo | null> => {
  const id = idSchema.safeParse(rawId);
  if (!id.success) return null;
  const db = await prisma();
  const episode = await db.episode.findUnique({
    where: { id: id.data },
    include: { participants: { include: { agent: { select: { name: true, kind: true } } }, orderBy: { seat: "asc" } } },
  });
  if (!episode) return null;
  const game = gameModule(episode.game);
  return {
    id: episode.id,
    game: episode.game,
    title: game?.title ?? episode.game,
    seed: episode.seed,
    status: episode.status,
    failureReason: episode.failureReason,
    demo: episode.demo,
    createdAt: episode.createdAt.toISOString(),
    config: (episode.config ?? {}) as Record<string, unknown>,
    pov: null,
    participants: episode.participants.map((p) => ({
      seat: p.seat,
      player: game?.playerName(p.seat) ?? `Seat ${p.seat}`,
      agentName: p.agent.name,
      agentKind: p.agent.kind,
      role: p.role,
    })),
  };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const info = await loadInfo((await params).id);
  return { title: info ? `${info.title} episode ${info.id.slice(0, 8)}` : "Episode not found" };
}

/** `?pov=<seat>`: only what that player knows, its log streamed by the server already reduced to it. */
export default async function EpisodePage({
  params,
  searchParams,
}: Params & { searchParams: Promise<{ pov?: string | string[] }> }) {
  const info = await loadInfo((await params).id);
  if (!info) notFound();
  const { pov } = await searchParams;
  if (pov === undefined) return <EpisodeViewer info={info} />;
  const view = playerViewInfo(info, pov, Boolean(gameModule(info.game)?.seatView));
  if ("error" in view) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{info.title} episode</h1>
        <ErrorAlert>No player view: {view.error}</ErrorAlert>
        <a href={episodeHref(info.id, {})} className="inline-block text-sm text-emerald-300 hover:text-emerald-200">
          Watch the whole game
        </a>
      </div>
    );
  }
  return <EpisodeViewer info={view.info} />;
}
