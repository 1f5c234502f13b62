/**
 * Runtime speed, one process, SocialGrid played by the scripted built-in bots (detective, scripted crewmate
 * and impostor, each playing whichever role its seat is dealt), on PostgreSQL when
 * TEST_DATABASE_URL / DATABASE_URL is set (a throwaway schema), else in-memory PGlite.
 *
 * - runtime.viewer_latency_p99_ms: 200 Socket.IO viewers (in 4 child processes, loopback) watch one
 *   episode paced at 50 ms per step; latency of each (viewer, event) from the moment the engine's `step`
 *   returned the event to its arrival at the viewer — database commit, bus and fan-out included.
 * - runtime.episodes_per_min, runtime.events_per_s: 20 default-config episodes at once, as fast as the
 *   bots reply; wall time until all are stored as finished, events committed per second.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { agentFromRow, registerBuiltinAgents } from "../lib/arena/agents";
import type { AnyGameModule } from "../engine/core/module";
import type { SocialGridDecision, SocialGridState } from "../engine/games/socialgrid";
import { socialgridModule as socialgridArena } from "../engine/games/socialgrid/module";
import { silentLogger } from "../lib/arena/log";
import { RANDOM_BOT } from "../lib/arena/random-bot";
import { startArenaRuntime, type ArenaRuntime } from "../lib/arena/runtime";
import { createEpisode, readAllEvents } from "../lib/arena/store";
import { migrateDatabase, openDatabase, type Database } from "../lib/db/client";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { startRealtimeNode } from "../tests/support/realtime";
import type { Figure } from "./index";

const VIEWERS = 200;
const VIEWER_PROCESSES = 4;
const CONCURRENT_EPISODES = 20;
const now = () => performance.timeOrigin + performance.now();

export async function run(): Promise<Figure[]> {
  const { db, drop } = await benchDatabase();
  try {
    const bots = await registerBuiltinAgents(db.prisma, ["socialgrid"]);
    const lineup = [...bots].filter(([name]) => name !== RANDOM_BOT).map(([, id]) => id);
    const latency = await viewerLatency(db.prisma, lineup);
    const throughput = await concurrentEpisodes(db.prisma, lineup);
    return [
      { name: "runtime.viewer_latency_p99_ms", value: latency.p99, unit: "ms" },
      { name: "runtime.viewer_latency_p50_ms", value: latency.p50, unit: "ms" },
      { name: "runtime.episodes_per_min", value: throughput.episodesPerMin, unit: "episodes/min" },
      { name: "runtime.events_per_s", value: throughput.eventsPerS, unit: "events/s" },
    ];
  } finally {
    await drop();
  }
}

const seatsOf = (lineup: string[]) =>
  Array.from({ length: 7 }, (_, seat) => ({ seat, agentId: lineup[seat % lineup.length] }));

async function viewerLatency(prisma: PrismaClient, lineup: string[]) {
  // Each event exists once the engine's `step` returns it; the runtime numbers steps 1, 2, … as rounds.
  const producedAt = new Map<number, number>();
  let steps = 0;
  const { definition } = socialgridArena;
  const game: AnyGameModule = {
    ...socialgridArena,
    definition: {
      ...definition,
      step(state: SocialGridState, decisions: Readonly<Record<number, SocialGridDecision>>) {
        const out = definition.step(state, decisions);
        producedAt.set(++steps, now());
        return out;
      },
    },
  };
  const runtime = await benchRuntime(prisma, { socialgrid: game }, { concurrency: 1, demoStepMs: 50 });
  const node = await startRealtimeNode({ prisma, games: { socialgrid: game }, bus: runtime.bus });
  try {
    const id = await createEpisode(prisma, runtime.options.games, {
      game: "socialgrid",
      config: { maxSteps: 200, voteEvery: 0 },
      seed: 11,
      demo: true,
      participants: seatsOf(lineup),
    });
    const received = await watchWithViewers(node.url, id, () => runtime.queue.enqueue(id));
    let round = 0;
    const latencies: number[] = [];
    for (const event of await readAllEvents(prisma, id)) {
      if (event.type === "decisions") round = (event.payload as unknown as { round: number }).round;
      const produced = producedAt.get(round);
      if (produced === undefined) continue; // setup events: produced before the episode was queued
      for (const at of received.get(event.seq) ?? []) latencies.push(at - produced);
    }
    latencies.sort((a, b) => a - b);
    return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
  } finally {
    await node.close();
    await runtime.stop();
  }
}

/**
 * Connects the viewers (spread over a few processes, as separate browsers would be), calls `start` once
 * all have joined, and returns each event's arrival times.
 */
async function watchWithViewers(
  url: string,
  episodeId: string,
  start: () => Promise<void>,
): Promise<Map<number, number[]>> {
  const children = Array.from({ length: VIEWER_PROCESSES }, () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("bench/runtime-viewers.ts"), url, episodeId, String(VIEWERS / VIEWER_PROCESSES)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    const ready = new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("ready\n")) resolve();
      }),
    );
    const done = new Promise<string>((resolve) => child.on("exit", () => resolve(out)));
    return { ready, done };
  });
  await Promise.all(children.map((c) => c.ready));
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the viewers' connection work settle
  await start();
  const received = new Map<number, number[]>();
  for (const out of await Promise.all(children.map((c) => c.done))) {
    const part = (JSON.parse(out.slice(out.indexOf("{"))) as { received: Record<string, number[]> }).received;
    for (const [seq, times] of Object.entries(part))
      received.set(Number(seq), [...(received.get(Number(seq)) ?? []), ...times]);
  }
  return received;
}

async function concurrentEpisodes(prisma: PrismaClient, lineup: string[]) {
  const games = { socialgrid: socialgridArena };
  let finished = 0;
  let resolveAll: () => void;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  const runtime = await benchRuntime(prisma, games, {
    concurrency: CONCURRENT_EPISODES,
    demoStepMs: 0,
    onRun: () => {
      if (++finished === CONCURRENT_EPISODES) resolveAll();
    },
  });
  try {
    const ids = await Promise.all(
      Array.from({ length: CONCURRENT_EPISODES }, (_, i) =>
        createEpisode(prisma, games, {
          game: "socialgrid",
          config: {},
          seed: 1_000 + i,
          participants: seatsOf(lineup),
        }),
      ),
    );
    const started = performance.now();
    for (const id of ids) await runtime.queue.enqueue(id);
    await all;
    const seconds = (performance.now() - started) / 1000;
    const episodes = await prisma.episode.findMany({
      where: { id: { in: ids } },
      select: { status: true, eventCount: true },
    });
    const failed = episodes.filter((e) => e.status !== "finished").length;
    if (failed > 0) throw new Error(`${failed} benchmark episodes did not finish`);
    const events = episodes.reduce((sum, e) => sum + e.eventCount, 0);
    return { episodesPerMin: (CONCURRENT_EPISODES / seconds) * 60, eventsPerS: events / seconds };
  } finally {
    await runtime.stop();
  }
}

function benchRuntime(
  prisma: PrismaClient,
  games: Record<string, AnyGameModule>,
  options: { concurrency: number; demoStepMs: number; onRun?: () => void },
): Promise<ArenaRuntime> {
  return startArenaRuntime({
    prisma,
    logger: silentLogger(),
    games,
    createAgent: agentFromRow,
    runEpisodes: true,
    concurrency: options.concurrency,
    leaseMs: 30_000,
    decisionTimeoutMs: 5_000,
    demoStepMs: options.demoStepMs,
    onRun: options.onRun,
  });
}

async function benchDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
    await migrateDatabase(db);
    return { db, drop: () => db.close() };
  }
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const db = await openDatabase({ kind: "postgres", url, schema });
  await migrateDatabase(db);
  return {
    db,
    drop: async () => {
      await db.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
