/**
 * Episode viewer speed, in Chromium against the built app (`npm run build` first; built here if missing),
 * on PostgreSQL when TEST_DATABASE_URL / DATABASE_URL is set (a throwaway schema), else a throwaway PGlite.
 * One default-config SocialGrid episode of the full 2,500 env steps is imported (bench/viewer-episode.ts).
 *
 * - viewer.seek_median_ms / viewer.seek_p95_ms: 200 seeks to random steps, each timed with performance.now
 *   in the page around the seek, which rebuilds the step's state and redraws the canvas before returning.
 * - viewer.replay_gzip_kb: the replay payload (`GET /api/episodes/[id]/events`) as the server sends it, gzip.
 * - viewer.play_4x_fps: animation frames per second while playing at 4× for 5 s (panels re-rendering too).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import pg from "pg";
import { CHROMIUM_ARGS, chromiumExecutable } from "../e2e/browser";
import type { Figure } from "./index";
import { fullLengthEpisode } from "./viewer-episode";

const SEEKS = 200;
const PLAY_SECONDS = 5;

export async function run(): Promise<Figure[]> {
  if (!existsSync(".next/BUILD_ID")) spawnSync(process.execPath, ["scripts/tasks.mjs", "build"], { stdio: "inherit" });
  const db = benchDatabase();
  const port = await freePort();
  const server = startServer(port, db.env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, server);
    const id = await importEpisode(base);
    const payload = await gzipSize(`${base}/api/episodes/${id}/events`);
    const inBrowser = await measureInBrowser(`${base}/episodes/${id}`);
    return [
      { name: "viewer.seek_median_ms", value: inBrowser.seekMedian, unit: "ms" },
      { name: "viewer.seek_p95_ms", value: inBrowser.seekP95, unit: "ms" },
      { name: "viewer.replay_gzip_kb", value: payload.gzipKb, unit: "KB" },
      { name: "viewer.replay_raw_kb", value: payload.rawKb, unit: "KB" },
      { name: "viewer.play_4x_fps", value: inBrowser.fps, unit: "fps" },
      { name: "viewer.play_4x_frame_p95_ms", value: inBrowser.frameP95, unit: "ms" },
    ];
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await db.drop();
  }
}

async function importEpisode(base: string): Promise<string> {
  const { header, events } = await fullLengthEpisode();
  const body = [JSON.stringify(header), ...events.map((e) => JSON.stringify(e))].join("\n");
  const res = await fetch(`${base}/api/test/import`, { method: "POST", body });
  if (res.status !== 201) throw new Error(`importing the benchmark episode failed: ${res.status} ${await res.text()}`);
  return header.episodeId;
}

/** Bytes on the wire as a browser asks for them (gzip accepted), and decompressed. */
function gzipSize(url: string): Promise<{ gzipKb: number; rawKb: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
        if (res.headers["content-encoding"] !== "gzip")
          reject(new Error(`the replay payload was not gzipped (content-encoding ${res.headers["content-encoding"]})`));
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          resolve({ gzipKb: wire.length / 1024, rawKb: gunzipSync(wire).length / 1024 });
        });
      })
      .on("error", reject);
  });
}

async function measureInBrowser(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.addInitScript("window.__name = (f) => f");
    await page.goto(url);
    await page.waitForFunction(() => (window.__arenaViewer?.controller.getState().frameCount ?? 0) > 2_500, null, {
      timeout: 60_000,
    });
    await page.waitForSelector("canvas[data-layer]");

    const seeks = await page.evaluate(async (count) => {
      const { controller } = window.__arenaViewer!;
      const frames = controller.getState().frameCount;
      let state = 12345;
      const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const times: number[] = [];
      for (let i = 0; i < count + 20; i++) {
        const step = Math.floor(random() * frames);
        const started = performance.now();
        controller.seek(step);
        const elapsed = performance.now() - started;
        if (i >= 20) times.push(elapsed); // the first ones warm the JIT up
        await nextFrame(); // let React render the panels between seeks, as a user's seeks would
      }
      return times.sort((a, b) => a - b);
    }, SEEKS);

    const frames = await page.evaluate(async (seconds) => {
      const { controller } = window.__arenaViewer!;
      controller.seek(0);
      controller.setSpeed(4);
      controller.play();
      const stamps: number[] = [];
      await new Promise<void>((resolve) => {
        const end = performance.now() + seconds * 1000;
        const tick = (now: number) => {
          stamps.push(now);
          if (now < end) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      controller.pause();
      return { stamps, step: controller.getState().step };
    }, PLAY_SECONDS);
    if (frames.step < 4 * 5 * PLAY_SECONDS * 0.8) throw new Error(`playback at 4× reached only step ${frames.step}`);
    const gaps = frames.stamps
      .slice(1)
      .map((t, i) => t - frames.stamps[i])
      .sort((a, b) => a - b);
    const duration = (frames.stamps.at(-1)! - frames.stamps[0]) / 1000;
    return {
      seekMedian: quantile(seeks, 0.5),
      seekP95: quantile(seeks, 0.95),
      fps: (frames.stamps.length - 1) / duration,
      frameP95: quantile(gaps, 0.95),
    };
  } finally {
    await browser.close();
  }
}

function startServer(port: number, dbEnv: Record<string, string>): ChildProcess {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      ARENA_TEST_API: "1",
      DEMO_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function waitForHealth(base: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy within 120 s");
}

function benchDatabase(): { env: Record<string, string>; drop: () => Promise<void> } {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), "viewer-bench-"));
    return {
      env: { DATABASE_URL: "", DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_viewer_${randomBytes(5).toString("hex")}`;
  return {
    env: { DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}schema=${schema}` },
    drop: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
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

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
