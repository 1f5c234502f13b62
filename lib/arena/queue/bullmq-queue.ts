import "server-only";
import { Queue, Worker } from "bullmq";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Logger } from "../log";
import type { EpisodeRunner } from "../runner";
import { recoveryInterval, startRecovery } from "./recovery";
import type { EpisodeQueue, RunListener } from "./types";

export const QUEUE_NAME = "episodes";

/**
 * Episodes through BullMQ: any process can enqueue, worker processes consume. A job's id is its episode's
 * id, so an episode is queued at most once. A killed worker's job is moved back by BullMQ's stalled-job
 * check, and the recovery scan re-enqueues any episode whose lease expired; the lease then decides who runs it.
 */
export class BullQueue implements EpisodeQueue {
  private readonly queue: Queue;
  private worker?: Worker;
  private readonly shutdown = new AbortController();
  private readonly released = new Set<string>();
  private stopRecovery?: () => void;

  constructor(
    private readonly options: {
      redisUrl: string;
      prefix: string;
      prisma: PrismaClient;
      logger: Logger;
      /** Without a runner this process only enqueues (a web node that runs no episodes). */
      runner?: EpisodeRunner;
      concurrency: number;
      leaseMs: number;
      onRun?: RunListener;
    },
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection(), prefix: options.prefix });
  }

  async enqueue(episodeId: string): Promise<void> {
    await this.queue.add("run", { episodeId }, { jobId: episodeId, removeOnComplete: true, removeOnFail: true });
  }

  async start(): Promise<void> {
    const { runner, logger, leaseMs } = this.options;
    if (!runner) return;
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const episodeId = (job.data as { episodeId: string }).episodeId;
        const outcome = await runner.run(episodeId, this.shutdown.signal);
        if (outcome === "released") this.released.add(episodeId);
        this.options.onRun?.(episodeId, outcome);
        return outcome;
      },
      {
        connection: this.connection(),
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        maxStalledCount: 1_000,
      },
    );
    this.worker.on("error", (err) => logger.warn({ err }, "queue worker error"));
    await this.worker.waitUntilReady();
    this.stopRecovery = startRecovery({
      prisma: this.options.prisma,
      everyMs: recoveryInterval(leaseMs),
      enqueue: (id) => this.enqueue(id),
      logger,
    });
  }

  async stop(): Promise<void> {
    this.stopRecovery?.();
    this.shutdown.abort();
    await this.worker?.close();
    // Released episodes go straight back to the queue for the other workers.
    await Promise.all([...this.released].map((id) => this.enqueue(id).catch(() => {})));
    await this.queue.close();
  }

  private connection() {
    return { url: this.options.redisUrl, maxRetriesPerRequest: null };
  }
}
