import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Logger } from "../log";
import type { EpisodeRunner } from "../runner";
import { startRecovery } from "./recovery";
import type { EpisodeQueue, RunListener } from "./types";

/** The default queue: episodes run in this process, at most `concurrency` at once. */
export class LocalQueue implements EpisodeQueue {
  private readonly waiting: string[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();
  private stopRecovery?: () => void;
  private started = false;

  constructor(
    private readonly options: {
      runner: EpisodeRunner;
      prisma: PrismaClient;
      concurrency: number;
      recoverEveryMs: number;
      logger: Logger;
      onRun?: RunListener;
    },
  ) {}

  async enqueue(episodeId: string): Promise<void> {
    if (this.shutdown.signal.aborted || this.running.has(episodeId) || this.waiting.includes(episodeId)) return;
    this.waiting.push(episodeId);
    this.pump();
  }

  async start(): Promise<void> {
    this.started = true;
    this.stopRecovery = startRecovery({
      prisma: this.options.prisma,
      everyMs: this.options.recoverEveryMs,
      enqueue: (id) => this.enqueue(id),
      logger: this.options.logger,
    });
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopRecovery?.();
    this.waiting.length = 0;
    this.shutdown.abort();
    await Promise.all(this.running.values());
  }

  private pump() {
    while (
      this.started &&
      !this.shutdown.signal.aborted &&
      this.running.size < this.options.concurrency &&
      this.waiting.length > 0
    ) {
      const id = this.waiting.shift()!;
      const run = this.options.runner
        .run(id, this.shutdown.signal)
        .then(
          (outcome) => this.options.onRun?.(id, outcome),
          (err: unknown) => this.options.logger.error({ err, episodeId: id }, "runner crashed"),
        )
        .finally(() => {
          this.running.delete(id);
          this.pump();
        });
      this.running.set(id, run);
    }
  }
}
