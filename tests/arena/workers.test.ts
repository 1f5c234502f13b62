/**
 * Two worker processes and one web process over Redis (BullMQ + live channel) and PostgreSQL: 10 episodes
 * all run exactly once — even though one worker is SIGKILLed mid-run — and viewers on the web process
 * receive every event of every episode exactly once. Needs TEST_DATABASE_URL and REDIS_URL_FOR_TESTS.
 */
import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "@/engine/core/replay";
import { engineEvents, recordedDecisions, type LoggedEvent } from "@/lib/arena/events";
import { silentLogger } from "@/lib/arena/log";
import { QUEUE_NAME } from "@/lib/arena/queue/bullmq-queue";
import { startArenaRuntime, type ArenaRuntime } from "@/lib/arena/runtime";
import { readAllEvents } from "@/lib/arena/store";
import { watchEpisode, type ViewerSocket } from "@/lib/realtime/episode-client";
import { countingGame } from "../support/counting-game";
import { ensureAgentRows, testGames } from "../support/arena";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { childDatabaseUrl, spawnTs, type ChildHandle } from "../support/processes";

const postgres = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL_FOR_TESTS;
const prefix = `arena-test-${randomBytes(4).toString("hex")}`;
const EPISODES = 10;

let db: TestDatabase;
let producer: ArenaRuntime;
const children: ChildHandle[] = [];

beforeAll(async () => {
  if (!postgres || !redisUrl) return;
  db = await createTestDatabase();
  producer = await startArenaRuntime({
    prisma: db.prisma,
    logger: silentLogger(),
    games: testGames,
    createAgent: () => {
      throw new Error("the producer runs no episodes");
    },
    redis: { url: redisUrl, prefix },
    runEpisodes: false,
    concurrency: 1,
    leaseMs: 1_500,
    decisionTimeoutMs: 1_000,
    demoStepMs: 0,
  });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  await producer?.stop();
  if (redisUrl) {
    const queue = new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await db?.destroy();
});

describe.skipIf(!postgres || !redisUrl)("workers over Redis", () => {
  it("two workers and a web node run 10 episodes: none lost or duplicated, viewers see each event once", async () => {
    const childEnv = {
      DATABASE_URL: childDatabaseUrl(db.url!, db.schema!),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      EPISODE_LEASE_MS: "1500",
      WORKER_CONCURRENCY: "4",
      ARENA_TEST_STEP_MS: "20",
      LOG_LEVEL: "info",
    };
    const web = spawnTs("tests/support/arena-web.ts", childEnv);
    const workers = [
      spawnTs("tests/support/arena-worker.ts", childEnv),
      spawnTs("tests/support/arena-worker.ts", childEnv),
    ];
    children.push(web, ...workers);
    const [, url] = await web.waitForLine(/listening (\S+)/);

    const ids = await ensureAgentRows(db.prisma, ["alpha", "memo-beta", "gamma"]);
    const episodes: string[] = [];
    for (let i = 0; i < EPISODES; i++) {
      episodes.push(
        await producer.submit({
          game: "counting",
          config: { players: 3, target: 90 + i * 5 },
          seed: 100 + i,
          participants: ["alpha", "memo-beta", "gamma"].map((name, seat) => ({ seat, agentId: ids.get(name)! })),
        }),
      );
    }

    const viewer: ViewerSocket = connect(url, { transports: ["websocket"] });
    const received = new Map<string, LoggedEvent[]>(episodes.map((id) => [id, []]));
    const finalCounts = new Map<string, number>();
    for (const id of episodes) {
      watchEpisode(viewer, {
        episodeId: id,
        onEvents: (events) => received.get(id)!.push(...events),
        onStatus: (status) => finalCounts.set(id, status.eventCount),
      });
    }

    // Kill the first worker while it is running episodes.
    const victim = workers[0].process.pid!;
    await waitFor(
      async () =>
        (await db.prisma.episode.count({
          where: { leaseOwner: { contains: `:${victim}:` }, eventCount: { gt: 20 } },
        })) > 0,
    );
    workers[0].kill("SIGKILL");
    await workers[0].exited;
    const orphans = await db.prisma.episode.findMany({
      where: { leaseOwner: { contains: `:${victim}:` }, status: "running" },
      select: { id: true },
    });
    expect(orphans.length).toBeGreaterThan(0);

    await waitFor(
      async () => (await db.prisma.episode.count({ where: { id: { in: episodes }, status: "finished" } })) === EPISODES,
      60_000,
    );
    await waitFor(
      () => episodes.every((id) => finalCounts.has(id) && received.get(id)!.length === finalCounts.get(id)),
      15_000,
    );
    viewer.close();

    for (const { id } of orphans) {
      expect(workers[1].output()).toMatch(
        new RegExp(`"episodeId":"${id}"[^\n]*"msg":"episode resumed from its recorded decisions"`),
      );
    }
    for (const id of episodes) {
      const episode = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
      const stored = await readAllEvents(db.prisma, id);
      expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
      expect(episode.eventCount).toBe(stored.length);
      const log = stored.map((e) => e.payload);
      expect(replay(countingGame, episode.config, episode.seed, recordedDecisions(log) as never).events).toEqual(
        engineEvents(log),
      );
      expect(received.get(id)).toEqual(stored);
    }
    expect(workers[1].output()).not.toMatch(/"level":50/);
    for (const child of [web, workers[1]]) child.kill("SIGTERM");
    await Promise.all([web.exited, workers[1].exited]);
  }, 120_000);
});

describe.skipIf(!postgres || !redisUrl)("workers over Redis: graceful hand-over", () => {
  it("a SIGTERMed worker puts its episodes back on the queue and another continues them before any lease expires", async () => {
    const childEnv = {
      DATABASE_URL: childDatabaseUrl(db.url!, db.schema!),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      EPISODE_LEASE_MS: "30000",
      WORKER_CONCURRENCY: "4",
      ARENA_TEST_STEP_MS: "20",
      LOG_LEVEL: "info",
    };
    const pair = [
      spawnTs("tests/support/arena-worker.ts", childEnv),
      spawnTs("tests/support/arena-worker.ts", childEnv),
    ];
    children.push(...pair);
    await Promise.all(pair.map((w) => w.waitForLine(/worker ready/)));
    const ids = await ensureAgentRows(db.prisma, ["alpha", "memo-beta"]);
    const episodes = await Promise.all(
      [1, 2].map((i) =>
        producer.submit({
          game: "counting",
          config: { players: 2, target: 2_000 },
          seed: 200 + i,
          participants: ["alpha", "memo-beta"].map((name, seat) => ({ seat, agentId: ids.get(name)! })),
        }),
      ),
    );
    await waitFor(
      async () => (await db.prisma.episode.count({ where: { id: { in: episodes }, eventCount: { gt: 20 } } })) === 2,
    );
    const holderOf = async (id: string) =>
      (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).leaseOwner ?? "";
    const [first, second] = (await holderOf(episodes[0])).includes(`:${pair[0].process.pid}:`)
      ? pair
      : [pair[1], pair[0]];
    const handedOver = [];
    for (const id of episodes) if ((await holderOf(id)).includes(`:${first.process.pid}:`)) handedOver.push(id);

    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const stoppedAt = Date.now();
    await waitFor(
      async () =>
        (await db.prisma.episode.count({
          where: { id: { in: episodes }, leaseOwner: { contains: `:${second.process.pid}:` } },
        })) === 2,
      25_000,
    );
    expect(Date.now() - stoppedAt).toBeLessThan(25_000); // the lease is 30 s: the hand-over did not wait for it
    await waitFor(
      async () => (await db.prisma.episode.count({ where: { id: { in: episodes }, status: "finished" } })) === 2,
      60_000,
    );
    expect(first.output()).toMatch(/lease released for resumption/);
    for (const id of episodes) {
      const stored = await readAllEvents(db.prisma, id);
      expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    }
    for (const id of handedOver) {
      expect(second.output()).toMatch(
        new RegExp(`"episodeId":"${id}"[^\\n]*"msg":"episode resumed from its recorded decisions"`),
      );
    }
    second.kill("SIGTERM");
    await second.exited;
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}
