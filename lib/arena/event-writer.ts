import "server-only";
import type { GameEvent } from "@/engine/core/game";
import type { PrismaClient } from "@/lib/generated/prisma/client";
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
  /**
   * Least time between the starts of two commits: rounds faster than this (bots playing flat out) are
   * written in batches; slower ones (paced demos, LLM agents) are still written as soon as they happen.
   */
  minCommitIntervalMs?: number;
  retryDelaysMs?: number[];
}

/**
 * Appends an episode's events with gap-free sequence numbers, as group commits: a batch is written as soon
 * as the previous one is committed, so slow rounds are stored one by one (low latency for viewers) and fast
 * rounds coalesce into large batches. Each batch is one atomic statement that also advances
 * `Episode.eventCount`, renews the lease, and only writes while this process holds the lease and the stored
 * count is the one it expects — so two processes can never interleave or duplicate events.
 */
export class EventWriter {
  /** Pushed, uncommitted events, one entry per `push`: a push (a round) is never split between commits. */
  private readonly buffer: LoggedEvent[][] = [];
  private buffered = 0;
  private nextSeq: number;
  private committed: number;
  private draining: Promise<void> | null = null;
  private failure: Error | null = null;
  private lastCommitAt = Number.NEGATIVE_INFINITY;

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
    if (logged.length === 0) return logged;
    this.buffer.push(logged);
    this.buffered += logged.length;
    this.draining ??= this.drain();
    return logged;
  }

  /** Resolves once everything pushed so far is committed; rejects if a write failed for good. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    const maxBatch = this.options.maxBatch ?? 1_000;
    try {
      while (this.buffer.length > 0 && !this.failure) {
        const wait = this.lastCommitAt + (this.options.minCommitIntervalMs ?? 0) - performance.now();
        if (wait > 0 && this.buffered < maxBatch) await new Promise((resolve) => setTimeout(resolve, wait));
        this.lastCommitAt = performance.now();
        const batch = this.takeBatch(maxBatch);
        try {
          await this.commitWithRetry(batch);
        } catch (err) {
          this.failure = err instanceof Error ? err : new Error(String(err));
          this.buffer.length = 0;
          this.buffered = 0;
          return;
        }
        this.committed = batch.at(-1)!.seq;
        this.options.onCommitted?.(batch);
      }
    } finally {
      this.draining = null;
    }
  }

  /** Whole pushes, up to `maxBatch` events (or one larger push), so the stored log always ends between rounds. */
  private takeBatch(maxBatch: number): LoggedEvent[] {
    const batch: LoggedEvent[] = [];
    while (this.buffer.length > 0 && (batch.length === 0 || batch.length + this.buffer[0].length <= maxBatch)) {
      const unit = this.buffer.shift()!;
      batch.push(...unit);
      this.buffered -= unit.length;
    }
    return batch;
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

  /**
   * One statement, so one implicit transaction and one round trip: the fenced update of the episode
   * (owner, expected count) feeds the insert, so without the fence nothing is written.
   */
  private async commit(batch: LoggedEvent[]): Promise<void> {
    const { prisma, episodeId, owner, leaseMs } = this.options;
    const first = batch[0].seq;
    const last = batch.at(-1)!.seq;
    const now = new Date();
    const rows = JSON.stringify(batch.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload })));
    const inserted = await prisma.$executeRaw`
      WITH fence AS (
        UPDATE "Episode"
        SET "eventCount" = ${last}, "leaseExpiresAt" = ${new Date(now.getTime() + leaseMs)}, "updatedAt" = ${now}
        WHERE "id" = ${episodeId} AND "status" = 'running' AND "leaseOwner" = ${owner} AND "eventCount" = ${first - 1}
        RETURNING "id"
      )
      INSERT INTO "EpisodeEvent" ("episodeId", "seq", "type", "payload")
      SELECT fence."id", e."seq", e."type", e."payload"
      FROM fence CROSS JOIN jsonb_to_recordset(${rows}::jsonb) AS e("seq" integer, "type" text, "payload" jsonb)`;
    if (inserted !== batch.length)
      throw new LeaseLostError(`episode ${episodeId} is no longer held by ${owner} at seq ${first - 1}`);
  }

  private async alreadyCommitted(batch: LoggedEvent[]): Promise<boolean> {
    const { prisma, episodeId, owner } = this.options;
    const row = await prisma.episode.findUnique({
      where: { id: episodeId },
      select: { leaseOwner: true, eventCount: true },
    });
    return row?.leaseOwner === owner && row.eventCount >= batch.at(-1)!.seq;
  }
}
