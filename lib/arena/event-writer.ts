import type { GameEvent } from "@/engine/core/game";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { LoggedEvent } from "./events";

/** The episode is no longer ours: its lease expired and another process took it over. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
}

export interface EventWriterOptions {
  prisma: PrismaClient;
  episodeId: string;
  owner: string;
  leaseMs: number;
  /** Events already stored (the next event gets seq `stored + 1`). */
  stored: number;
  /** Called after each committed batch, in order. */
  onCommitted?: (events: LoggedEvent[]) => void;
  /** Most events in one transaction. */
  maxBatch?: number;
  retryDelaysMs?: number[];
}

/**
 * Appends an episode's events with gap-free sequence numbers, as group commits: a batch is written as soon
 * as the previous one is committed, so slow rounds are stored one by one (low latency for viewers) and fast
 * rounds coalesce into large batches. Each batch is one transaction that also advances `Episode.eventCount`,
 * renews the lease, and only succeeds while this process holds the lease and the stored count is the one
 * it expects — so two processes can never interleave or duplicate events.
 */
export class EventWriter {
  private readonly buffer: LoggedEvent[] = [];
  private nextSeq: number;
  private committed: number;
  private draining: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(private readonly options: EventWriterOptions) {
    this.nextSeq = options.stored + 1;
    this.committed = options.stored;
  }

  /** Number of events committed so far (= the last stored seq). */
  get committedCount(): number {
    return this.committed;
  }

  get pendingCount(): number {
    return this.nextSeq - 1 - this.committed;
  }

  /** Assigns sequence numbers and schedules the write. Throws if an earlier write failed for good. */
  push(events: readonly GameEvent[]): LoggedEvent[] {
    if (this.failure) throw this.failure;
    const logged = events.map((payload) => ({ seq: this.nextSeq++, type: payload.type, payload }));
    this.buffer.push(...logged);
    this.draining ??= this.drain();
    return logged;
  }

  /** Resolves once everything pushed so far is committed; rejects if a write failed for good. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    try {
      while (this.buffer.length > 0 && !this.failure) {
        const batch = this.buffer.splice(0, this.options.maxBatch ?? 1_000);
        try {
          await this.commitWithRetry(batch);
        } catch (err) {
          this.failure = err instanceof Error ? err : new Error(String(err));
          this.buffer.length = 0;
          return;
        }
        this.committed = batch.at(-1)!.seq;
        this.options.onCommitted?.(batch);
      }
    } finally {
      this.draining = null;
    }
  }

  private async commitWithRetry(batch: LoggedEvent[]): Promise<void> {
    const delays = this.options.retryDelaysMs ?? [100, 400, 1_600];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.commit(batch);
        return;
      } catch (err) {
        if (err instanceof LeaseLostError) {
          // A retried commit may find its own earlier attempt committed (the acknowledgement was lost).
          if (attempt > 0 && (await this.alreadyCommitted(batch))) return;
          throw err;
        }
        if (attempt >= delays.length) throw err;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
  }

  private async commit(batch: LoggedEvent[]): Promise<void> {
    const { prisma, episodeId, owner, leaseMs } = this.options;
    const first = batch[0].seq;
    const last = batch.at(-1)!.seq;
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.episode.updateMany({
        where: { id: episodeId, status: "running", leaseOwner: owner, eventCount: first - 1 },
        data: { eventCount: last, leaseExpiresAt: new Date(Date.now() + leaseMs) },
      });
      if (count !== 1) throw new LeaseLostError(`episode ${episodeId} is no longer held by ${owner} at seq ${first - 1}`);
      await tx.episodeEvent.createMany({
        data: batch.map((e) => ({ episodeId, seq: e.seq, type: e.type, payload: e.payload as unknown as Prisma.InputJsonValue })),
      });
    });
  }

  private async alreadyCommitted(batch: LoggedEvent[]): Promise<boolean> {
    const { prisma, episodeId, owner } = this.options;
    const row = await prisma.episode.findUnique({ where: { id: episodeId }, select: { leaseOwner: true, eventCount: true } });
    return row?.leaseOwner === owner && row.eventCount >= batch.at(-1)!.seq;
  }
}
