/**
 * A runner process killed with SIGKILL mid-episode: a restarted one resumes from the recorded decisions
 * (agents with memory included) and the final log equals an uninterrupted run's. Needs PostgreSQL, as two
 * processes share the database (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EpisodeSession } from "@/lib/arena/session";
import { readAllEvents } from "@/lib/arena/store";
import { countingAgent, countingArena, rememberingAgent } from "../support/counting-game";
import { countingEpisode } from "../support/arena";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { childDatabaseUrl, spawnTs, type ChildHandle } from "../support/processes";

const postgres = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
let db: TestDatabase;
const children: ChildHandle[] = [];

beforeAll(async () => {
  if (postgres) db = await createTestDatabase();
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await db?.destroy();
});

describe.skipIf(!postgres)("crash-resume across processes", () => {
  it("a SIGKILLed runner's episode is resumed by the next process and ends as an uninterrupted run", async () => {
    const config = { players: 2, target: 160 };
    const seed = 21;
    const id = await countingEpisode(db.prisma, ["alpha", "memo-beta"], { seed, target: config.target });

    const worker = (name: string) => {
      const child = spawnTs("tests/support/arena-worker.ts", {
        DATABASE_URL: childDatabaseUrl(db.url!, db.schema!),
        REDIS_URL: "",
        EPISODE_LEASE_MS: "1000",
        ARENA_TEST_STEP_MS: "25",
        WORKER_CONCURRENCY: "2",
        LOG_LEVEL: "info",
      });
      children.push(child);
      return Object.assign(child, { name });
    };

    const first = worker("first");
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount >= 40, 30_000);
    first.kill("SIGKILL");
    await first.exited;
    const atKill = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    expect(atKill.status).toBe("running");
    expect(atKill.leaseOwner).toContain(`:${first.process.pid}:`);

    const second = worker("second");
    await waitFor(
      async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).status === "finished",
      30_000,
    );
    second.kill("SIGTERM");
    expect(second.output()).toMatch(/episode resumed from its recorded decisions/);

    const stored = await readAllEvents(db.prisma, id);
    expect(stored.length).toBeGreaterThan(atKill.eventCount);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));

    const reference = EpisodeSession.start(countingArena, config, seed);
    const agents = new Map([
      [0, countingAgent("alpha")],
      [1, rememberingAgent("memo-beta")],
    ]);
    while (!reference.terminal) await reference.playRound(agents, { episodeId: id, deadlineMs: 1_000 });
    expect(stored.map((e) => e.payload)).toEqual(reference.log);
    const episode = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    expect(episode.result).toEqual(reference.result());
  }, 120_000);

  it("SIGTERM: the worker flushes, releases its lease and exits; another resumes at once, not after the lease", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "memo-beta"], { seed: 22, target: 1_500 });
    const env = {
      DATABASE_URL: childDatabaseUrl(db.url!, db.schema!),
      REDIS_URL: "",
      EPISODE_LEASE_MS: "30000",
      ARENA_TEST_STEP_MS: "25",
      LOG_LEVEL: "info",
    };
    const pair = [spawnTs("tests/support/arena-worker.ts", env), spawnTs("tests/support/arena-worker.ts", env)];
    children.push(...pair);
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount >= 30, 30_000);
    const holder = (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).leaseOwner ?? "";
    const [first, second] = holder.includes(`:${pair[0].process.pid}:`) ? pair : [pair[1], pair[0]];

    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/lease released for resumption/);
    const stoppedAt = Date.now();

    await waitFor(
      async () =>
        (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).leaseOwner?.includes(
          `:${second.process.pid}:`,
        ) ?? false,
      25_000,
    );
    expect(Date.now() - stoppedAt).toBeLessThan(25_000); // the lease is 30 s: the hand-over did not wait for it
    await waitFor(
      async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).status === "finished",
      60_000,
    );
    const stored = await readAllEvents(db.prisma, id);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    second.kill("SIGTERM");
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
