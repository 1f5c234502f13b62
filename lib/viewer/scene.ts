/**
 * The current picture of an episode for thumbnails (the home page's live games): its log folded with the
 * game's board reducer, drawn by the game's `scene`. The server keeps the boards of the episodes being
 * watched and reads only new events on each request.
 */
import "server-only";
import { type AnyGameModule, foldBoard, type Scene } from "@/engine/core/module";
import { readEvents } from "@/lib/arena/store";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const PAGE = 5_000;
const CACHED_EPISODES = 32;

interface Folded {
  board: unknown;
  lastSeq: number;
}

const cache = new Map<string, Promise<Folded>>();

async function catchUp(prisma: PrismaClient, episodeId: string, game: AnyGameModule, from: Folded): Promise<Folded> {
  let { board, lastSeq } = from;
  for (;;) {
    const page = await readEvents(prisma, episodeId, lastSeq, PAGE);
    board = foldBoard(
      game.board,
      page.map((e) => e.payload),
      board,
    );
    if (page.length > 0) lastSeq = page[page.length - 1].seq;
    if (page.length < PAGE) return { board, lastSeq };
  }
}

/** The newest picture of a stored episode, or null before its first event (or for a game without scenes). */
export async function latestScene(
  prisma: PrismaClient,
  episodeId: string,
  game: AnyGameModule,
  keep: boolean,
): Promise<Scene | null> {
  if (!game.scene) return null;
  // Requests for one episode queue behind each other, so each event is folded once.
  const fresh = (): Folded => ({ board: game.board.empty(), lastSeq: 0 });
  const previous = cache.get(episodeId) ?? Promise.resolve(fresh());
  const next = previous.catch(fresh).then((folded) => catchUp(prisma, episodeId, game, folded));
  cache.delete(episodeId);
  if (keep) {
    cache.set(episodeId, next);
    if (cache.size > CACHED_EPISODES) cache.delete(cache.keys().next().value!);
  }
  return game.scene((await next).board);
}
