import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerBuiltinAgents } from "@/lib/arena/agents";
import { localBus } from "@/lib/arena/bus";
import { demoEpisode, startDemo } from "@/lib/arena/demo";
import { ArenaMetrics } from "@/lib/arena/metrics";
import { silentLogger } from "@/lib/arena/log";
import { RANDOM_BOT } from "@/lib/arena/random-bot";
import { startArenaRuntime, type ArenaRuntime } from "@/lib/arena/runtime";
import { countByStatus } from "@/lib/arena/store";
import { countingAgent } from "../support/counting-game";
import { countingEpisode, ensureAgentRows, testGames, testRunner } from "../support/arena";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startRealtimeNode } from "../support/realtime";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("built-in agents", () => {
  it("are registered once, however often and concurrently the processes start", async () => {
    const [a, b] = await Promise.all([
      registerBuiltinAgents(db.prisma, ["socialgrid"]),
      registerBuiltinAgents(db.prisma, ["socialgrid"]),
    ]);
    expect(a.get(RANDOM_BOT)).toBe(b.get(RANDOM_BOT));
    await registerBuiltinAgents(db.prisma, ["socialgrid"]);
    expect(await db.prisma.agent.count({ where: { name: RANDOM_BOT } })).toBe(1);
    expect(await db.prisma.agent.findUniqueOrThrow({ where: { name: RANDOM_BOT } })).toMatchObject({
      kind: "builtin",
      config: { name: RANDOM_BOT },
    });
  });
});

describe("demo", () => {
  let runtime: ArenaRuntime;
  afterAll(() => runtime?.stop());

  it("keeps exactly one demo episode going while nothing else is live, from several web nodes at once", async () => {
    const ids = await ensureAgentRows(db.prisma, ["alpha", "beta"]);
    runtime = await startArenaRuntime({
      prisma: db.prisma,
      logger: silentLogger(),
      games: testGames,
      createAgent: (row) => countingAgent(row.name),
      runEpisodes: true,
      concurrency: 2,
      leaseMs: 5_000,
      decisionTimeoutMs: 1_000,
      demoStepMs: 5,
    });
    let seed = 0;
    const keeper = () =>
      startDemo({
        prisma: db.prisma,
        bus: runtime.bus,
        logger: silentLogger(),
        games: testGames,
        nextEpisode: async () => {
          const spec = demoEpisode(testGames, "counting", [ids.get("alpha")!, ids.get("beta")!], ++seed);
          return spec && { ...spec, config: { players: 2, target: 25 } };
        },
        enqueue: (id) => runtime.queue.enqueue(id),
        checkEveryMs: 50,
      });
    const stops = [keeper(), keeper(), keeper()];
    try {
      await until(async () => (await db.prisma.episode.count({ where: { demo: true, status: "finished" } })) >= 2);
      const live = await db.prisma.episode.count({ where: { status: { in: ["queued", "running"] } } });
      expect(live).toBeLessThanOrEqual(1);
      const demos = await db.prisma.episode.findMany({ where: { demo: true }, orderBy: { createdAt: "asc" } });
      // never two demos alive at once: each one started after the previous one ended
      for (let i = 1; i < demos.length; i++)
        expect(demos[i].createdAt.getTime()).toBeGreaterThanOrEqual(demos[i - 1].finishedAt!.getTime());
    } finally {
      stops.forEach((stop) => stop());
    }
    await until(
      async () => (await db.prisma.episode.count({ where: { status: { in: ["queued", "running"] } } })) === 0,
    );
  });
});

describe("metrics", () => {
  it("reports episodes by status, events, agent latency and errors by kind, and viewers in Prometheus format", async () => {
    const bus = localBus();
    const metrics = new ArenaMetrics(() => countByStatus(db.prisma));
    bus.subscribe((m) => metrics.observe(m));
    const id = await countingEpisode(db.prisma, ["alpha", "down"], { target: 20 });
    const runner = testRunner(db.prisma, {
      bus,
      makeAgent: (name) =>
        name === "down"
          ? {
              id: "down",
              kind: "remote",
              decide: async () => ({ output: undefined, latencyMs: 40, error: { kind: "http", message: "HTTP 503" } }),
            }
          : countingAgent(name),
    });
    await runner.run(id);
    const node = await startRealtimeNode({ prisma: db.prisma, games: testGames, bus, metrics });
    const viewer = node.viewer();
    await new Promise((resolve) => viewer.emit("episode:join", { episodeId: id, afterSeq: 0 }, resolve));
    await until(() => node.hub.viewerCount() === 1);

    const text = await metrics.registry.render();
    const events = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    const finished = await db.prisma.episode.count({ where: { status: "finished" } });
    expect(text).toContain(`arena_episodes{status="finished"} ${finished}`);
    expect(text).toMatch(/arena_episodes\{status="queued"\} \d+/);
    expect(text).toContain(`arena_events_total ${events.eventCount}`);
    expect(text).toMatch(/# TYPE arena_agent_call_latency_seconds histogram/);
    expect(text).toMatch(/arena_agent_call_latency_seconds_bucket\{agent_kind="remote",le="0.025"\} 0\n/);
    expect(text).toMatch(/arena_agent_call_latency_seconds_bucket\{agent_kind="remote",le="0.05"\} [1-9]\d*\n/);
    expect(text).toMatch(/arena_agent_errors_total\{agent_kind="remote",kind="http"\} [1-9]\d*\n/);
    expect(text).toContain("arena_viewers 1");
    viewer.close();
    await node.close();
  });
});
