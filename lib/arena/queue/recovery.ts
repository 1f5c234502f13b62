import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Logger } from "../log";
import { runnableEpisodes } from "../store";

/** How often to scan: twice per lease, at least every 5 s (released episodes should not wait long). */
export const recoveryInterval = (leaseMs: number) => Math.max(250, Math.min(5_000, Math.floor(leaseMs / 2)));

/**
 * Periodically finds episodes nobody runs — queued, or running under an expired or released lease (its
 * process died or shut down) — and hands them to `enqueue`. Runs once at start.
 */
export function startRecovery(options: {
  prisma: PrismaClient;
  everyMs: number;
  enqueue: (episodeId: string) => Promise<void>;
  logger: Logger;
}): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const scan = async () => {
    try {
      for (const id of await runnableEpisodes(options.prisma)) {
        if (stopped) return;
        await options.enqueue(id);
      }
    } catch (err) {
      options.logger.warn({ err }, "scanning for abandoned episodes failed");
    } finally {
      if (!stopped) timer = setTimeout(() => void scan(), options.everyMs);
    }
  };
  void scan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
