/**
 * Keeps one demo episode running while nothing else is live, so a newcomer sees a game at once. Creation
 * is serialised with an advisory lock, so several web nodes never start two demos.
 */
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ArenaBus } from "./bus";
import type { Logger } from "./log";
import { type GameRegistry, gameIn } from "@/lib/games/registry";
import { createEpisode, type NewEpisode } from "./store";

const DEMO_LOCK_KEY = 72707370;

export interface DemoOptions {
  prisma: PrismaClient;
  bus: ArenaBus;
  logger: Logger;
  /** The next demo episode, or null when none can be made (no game or no bots). */
  games: GameRegistry;
  nextEpisode: () => Promise<NewEpisode | null>;
  enqueue: (episodeId: string) => Promise<void>;
  checkEveryMs?: number;
}

export function startDemo(options: DemoOptions): () => void {
  const { prisma, logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | null = null;

  const ensure = async () => {
    const spec = await options.nextEpisode();
    if (!spec) return;
    const id = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
      const live = await tx.episode.count({ where: { status: { in: ["queued", "running"] } } });
      return live === 0 && !stopped ? createEpisode(tx, options.games, { ...spec, demo: true }) : null;
    });
    if (!id) return;
    await options.enqueue(id);
    logger.info({ episodeId: id }, "demo episode queued");
  };

  const check = () => {
    checking ??= ensure()
      .catch((err: unknown) => logger.warn({ err }, "starting a demo episode failed"))
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const loop = () => {
    if (stopped) return;
    void check().then(() => {
      if (!stopped) timer = setTimeout(loop, options.checkEveryMs ?? 5_000);
    });
  };
  const unsubscribe = options.bus.subscribe((message) => {
    if (message.kind === "lifecycle" && message.change !== "started") void check();
  });
  loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/** A demo episode of `game` with its default config, its seats filled in turn by the given bots. */
export function demoEpisode(
  games: GameRegistry,
  game: string,
  botIds: readonly string[],
  seed: number,
): NewEpisode | null {
  const arenaGame = gameIn(games, game);
  if (!arenaGame || botIds.length === 0) return null;
  const config = arenaGame.definition.configSchema.parse({});
  const seats = arenaGame.seats(config);
  return {
    game,
    config,
    seed,
    participants: Array.from({ length: seats }, (_, seat) => ({ seat, agentId: botIds[seat % botIds.length] })),
  };
}
