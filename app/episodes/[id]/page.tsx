import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EpisodeViewer } from "@/components/episode/episode-viewer";
import { games } from "@/engine";
import { prisma } from "@/lib/db/client";
import type { EpisodeInfo } from "@/lib/viewer/episode-info";
import { episodeIdSchema } from "@/lib/viewer/route-params";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** Cached per request: the metadata and the page ask for the same episode. */
const loadInfo = cache(async (rawId: string): Promise<EpisodeInfo | null> => {
  const id = episodeIdSchema.safeParse(rawId);
  if (!id.success) return null;
  const db = await prisma();
  const episode = await db.episode.findUnique({
    where: { id: id.data },
    include: { participants: { include: { agent: { select: { name: true, kind: true } } }, orderBy: { seat: "asc" } } },
  });
  if (!episode) return null;
  return {
    id: episode.id,
    game: episode.game,
    title: Object.hasOwn(games, episode.game) ? games[episode.game].title : episode.game,
    seed: episode.seed,
    status: episode.status,
    failureReason: episode.failureReason,
    demo: episode.demo,
    createdAt: episode.createdAt.toISOString(),
    config: (episode.config ?? {}) as Record<string, unknown>,
    participants: episode.participants.map((p) => ({ seat: p.seat, agentName: p.agent.name, agentKind: p.agent.kind, role: p.role })),
  };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const info = await loadInfo((await params).id);
  return { title: info ? `${info.title} episode ${info.id.slice(0, 8)}` : "Episode not found" };
}

export default async function EpisodePage({ params }: Params) {
  const info = await loadInfo((await params).id);
  if (!info) notFound();
  return <EpisodeViewer info={info} />;
}
