/**
 * Leaderboard speed with 10,000 finished SocialGrid episodes between 20 agents, on PostgreSQL when
 * TEST_DATABASE_URL / DATABASE_URL is set (a throwaway schema), else in-memory PGlite. Episodes,
 * participants and per-episode metrics are generated inside the database (generate_series), then the
 * ratings maintainer indexes and rates them as it would after real episodes.
 *
 * - leaderboard.api_p50_ms: GET /api/leaderboard, median of 50 requests after 5 warm-ups. Through the real
 *   server (HTTP, `tsx server.ts`) when a build exists and the database is PostgreSQL; otherwise the route
 *   handler in process.
 * - leaderboard.page_p50_ms: GET /leaderboard (server-rendered page), same way; only with the real server.
 * - leaderboard.api_cold_ms: the first request of a fresh process (snapshot loaded from the database).
 * - leaderboard.index_ms: extracting the facts of the 10,000 episodes; leaderboard.recompute_ms: a full
 *   recompute (load facts, bootstrap Elo with 200 rounds, OpenSkill, head-to-head, metrics, write).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { episodeMetrics } from "../engine/games/socialgrid/metrics";
import { syntheticEpisode } from "../engine/games/socialgrid/metrics/testing/syntheticEpisode";
import { games as arenaGames } from "../lib/games/registry";
import { silentLogger } from "../lib/arena/log";
import { migrateDatabase, openDatabase, type Database } from "../lib/db/client";
import { Prisma, type PrismaClient } from "../lib/generated/prisma/client";
import { RatingsMaintainer } from "../lib/leaderboard/maintainer";
import type { Figure } from "./index";

const EPISODES = 10_000;
const AGENTS = 20;
const WARMUP = 5;
const SAMPLES = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<Figure[]> {
  const target = await benchDatabase();
  try {
    await seed(target.db.prisma);
    const maintainer = new RatingsMaintainer({
      prisma: target.db.prisma,
      games: arenaGames,
      logger: silentLogger(),
      debounceMs: 0,
      offThread: true,
    });
    const indexStarted = performance.now();
    const report = await maintainer.sync();
    const syncMs = performance.now() - indexStarted;
    if (report.indexed !== EPISODES) throw new Error(`indexed ${report.indexed} episodes, expected ${EPISODES}`);
    const recomputeStarted = performance.now();
    await maintainer.recompute("socialgrid");
    const recomputeMs = performance.now() - recomputeStarted;

    const served = target.url && existsSync(".next/BUILD_ID") ? await overHttp(target.url) : await inProcess(target.db);
    return [
      { name: "leaderboard.api_p50_ms", value: served.api, unit: "ms" },
      ...(served.page === undefined ? [] : [{ name: "leaderboard.page_p50_ms", value: served.page, unit: "ms" }]),
      { name: "leaderboard.api_cold_ms", value: served.cold, unit: "ms" },
      { name: "leaderboard.index_ms", value: syncMs - recomputeMs, unit: "ms" },
      { name: "leaderboard.recompute_ms", value: recomputeMs, unit: "ms" },
    ];
  } finally {
    await target.drop();
  }
}

/** 20 agents and 10,000 league episodes (one agent holds every crew seat, another every impostor seat). */
async function seed(prisma: PrismaClient) {
  const agents: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const row = await prisma.agent.create({
      data: {
        name: `bench-agent-${i}`,
        kind: "builtin",
        config: { name: "arena-random", seed: i },
        games: ["socialgrid"],
      },
    });
    agents.push(row.id);
  }
  // Real metrics of one synthetic 500-step game, used for every episode with its winner set per episode.
  const metrics = episodeMetrics(syntheticEpisode(1, 500));
  const roles = metrics.seats.map((s) => s.role);
  await prisma.$executeRaw(Prisma.sql`
    INSERT INTO "Episode" (id, game, "rulesetVersion", config, seed, status, result, metrics, "eventCount", "createdAt", "startedAt", "finishedAt", "updatedAt")
    SELECT 'bench' || i, 'socialgrid', 'bench', '{}'::jsonb, i, 'finished',
           jsonb_build_object('winner', w.winner, 'reason', 'bench', 't', 500, 'returns', '[]'::jsonb),
           jsonb_set(${JSON.stringify(metrics)}::jsonb, '{episode,winner}', to_jsonb(w.winner)),
           0, t.at, t.at, t.at, t.at
    FROM generate_series(1, ${EPISODES}) i,
         LATERAL (SELECT CASE WHEN (i * 2654435761::bigint) % 10 < 3 THEN 'crew' ELSE 'impostors' END AS winner) w,
         LATERAL (SELECT now() - make_interval(secs => ${EPISODES} - i) AS at) t`);
  await prisma.$executeRaw(Prisma.sql`
    INSERT INTO "EpisodeParticipant" (id, "episodeId", seat, role, "agentId")
    SELECT 'bench' || i || '_' || seat, 'bench' || i, seat, (${roles}::text[])[seat + 1],
           CASE WHEN (${roles}::text[])[seat + 1] = 'crewmate' THEN (${agents}::text[])[c + 1] ELSE (${agents}::text[])[m + 1] END
    FROM generate_series(1, ${EPISODES}) i,
         LATERAL (SELECT (i * 7919) % ${AGENTS} AS c) crew,
         LATERAL (SELECT ((i * 7919) % ${AGENTS} + 1 + (i * 104729) % ${AGENTS - 1}) % ${AGENTS} AS m) imp,
         generate_series(0, ${roles.length - 1}) seat`);
}

async function time(request: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await request();
  return performance.now() - started;
}

async function samples(request: () => Promise<void>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await time(request));
  return median(times);
}

/** The route handler in this process, on the benchmark's database. */
async function inProcess(db: Database) {
  (globalThis as { __arenaDatabase?: Promise<Database> }).__arenaDatabase = Promise.resolve(db);
  (globalThis as { __arenaLeaderboards?: unknown }).__arenaLeaderboards = undefined;
  const { GET } = await import("../app/api/leaderboard/route");
  const request = async () => {
    const response = await GET(new Request("http://bench/api/leaderboard?game=socialgrid"), undefined);
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    await response.json();
  };
  const cold = await time(request);
  return { api: await samples(request), cold, page: undefined };
}

/** The built app served by `tsx server.ts` on the benchmark's schema. */
async function overHttp(databaseUrl: string) {
  const port = await freePort();
  const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DEMO_ENABLED: "false",
      WEB_WORKER: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, server);
    const get = (path: string) => async () => {
      const response = await fetch(base + path);
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      await response.text();
    };
    const cold = await time(get("/api/leaderboard?game=socialgrid"));
    return {
      cold,
      api: await samples(get("/api/leaderboard?game=socialgrid")),
      page: await samples(get("/leaderboard")),
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 60 s");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function benchDatabase(): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
    await migrateDatabase(db);
    return { db, drop: () => db.close() };
  }
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const db = await openDatabase({ kind: "postgres", url, schema });
  await migrateDatabase(db);
  const schemaUrl = new URL(url);
  schemaUrl.searchParams.set("schema", schema);
  return {
    db,
    url: schemaUrl.toString(),
    drop: async () => {
      await db.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
