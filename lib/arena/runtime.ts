/** Assembles the runtime of one process: bus, runner and queue, from the environment or explicit options. */
import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { GameEvent } from "@/engine/core/game";
import { env } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { agentFromRow, type AgentFactory } from "./agents";
import { localBus, redisBus, type ArenaBus } from "./bus";
import type { AnyGameModule } from "@/engine/core/module";
import { type GameRegistry, games } from "@/lib/games/registry";
import type { Logger } from "./log";
import { BullQueue } from "./queue/bullmq-queue";
import { LocalQueue } from "./queue/local-queue";
import { recoveryInterval } from "./queue/recovery";
import type { EpisodeQueue, RunListener } from "./queue/types";
import { EpisodeRunner } from "./runner";
import { createEpisode, type NewEpisode } from "./store";

export interface RuntimeOptions {
  prisma: PrismaClient;
  logger: Logger;
  games: GameRegistry;
  createAgent: AgentFactory;
  /** Set: BullMQ queue and Redis live channel under this prefix. Unset: everything in this process. */
  redis?: { url: string; prefix: string };
  /** Whether this process runs episodes (workers, and web nodes with WEB_WORKER). */
  runEpisodes: boolean;
  concurrency: number;
  leaseMs: number;
  decisionTimeoutMs: number;
  demoStepMs: number;
  stepDelayMs?: number;
  computeMetrics?: (game: AnyGameModule, events: GameEvent[]) => unknown;
  onRun?: RunListener;
  /** Lease owner id of this process (default: host:pid:random). */
  owner?: string;
}

export interface ArenaRuntime {
  readonly options: RuntimeOptions;
  readonly bus: ArenaBus;
  readonly queue: EpisodeQueue;
  /** Creates a queued episode and hands it to the queue. */
  submit(input: NewEpisode): Promise<string>;
  /** Stops taking work; running episodes flush their events and release their leases. */
  stop(): Promise<void>;
}

export function runtimeOptionsFromEnv(
  base: Pick<RuntimeOptions, "prisma" | "logger"> & Partial<RuntimeOptions>,
): RuntimeOptions {
  const e = env();
  return {
    games,
    createAgent: agentFromRow,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    runEpisodes: true,
    concurrency: e.WORKER_CONCURRENCY,
    leaseMs: e.EPISODE_LEASE_MS,
    decisionTimeoutMs: e.DECISION_TIMEOUT_MS,
    demoStepMs: e.DEMO_STEP_MS,
    ...base,
  };
}

export async function startArenaRuntime(options: RuntimeOptions): Promise<ArenaRuntime> {
  const { prisma, logger, redis } = options;
  const onBusError = (err: unknown) => logger.warn({ err }, "live channel error");
  const bus = redis ? redisBus(redis.url, redis.prefix, onBusError) : localBus(onBusError);
  const runner = options.runEpisodes
    ? new EpisodeRunner({
        prisma,
        games: options.games,
        bus,
        owner: options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        leaseMs: options.leaseMs,
        decisionTimeoutMs: options.decisionTimeoutMs,
        createAgent: options.createAgent,
        logger,
        demoStepMs: options.demoStepMs,
        stepDelayMs: options.stepDelayMs,
        computeMetrics: options.computeMetrics,
      })
    : undefined;
  let queue: EpisodeQueue;
  if (redis) {
    queue = new BullQueue({
      redisUrl: redis.url,
      prefix: redis.prefix,
      prisma,
      logger,
      runner,
      concurrency: options.concurrency,
      leaseMs: options.leaseMs,
      onRun: options.onRun,
    });
  } else {
    if (!runner)
      logger.warn("no REDIS_URL and this process runs no episodes: queued episodes wait for a process that does");
    queue = runner
      ? new LocalQueue({
          runner,
          prisma,
          concurrency: options.concurrency,
          recoverEveryMs: recoveryInterval(options.leaseMs),
          logger,
          onRun: options.onRun,
        })
      : idleQueue;
  }
  await queue.start();
  return {
    options,
    bus,
    queue,
    async submit(input) {
      const id = await createEpisode(prisma, options.games, input);
      await queue.enqueue(id);
      return id;
    },
    async stop() {
      await queue.stop();
      await bus.close();
    },
  };
}

/** Without Redis and without a runner, nothing consumes episodes here. */
const idleQueue: EpisodeQueue = {
  enqueue: async () => {},
  start: async () => {},
  stop: async () => {},
};

const holder = globalThis as typeof globalThis & { __arenaRuntime?: ArenaRuntime };

/** The runtime of the custom server, for route handlers (e.g. to submit episodes). */
export const arenaRuntime = (): ArenaRuntime | undefined => holder.__arenaRuntime;
export const setArenaRuntime = (runtime: ArenaRuntime | undefined) => {
  holder.__arenaRuntime = runtime;
};
