/**
 * Runs computeLeaderboard on a worker thread, so a recompute over many episodes (seconds at 10,000) never
 * blocks the web server's event loop. The facts arrive as JSON text, parsed here rather than on the main thread.
 */
import "server-only";
import { parentPort, Worker } from "node:worker_threads";
import { gameModule } from "@/lib/games/registry";
import { computeLeaderboard, type ComputeOptions, type LeaderboardData } from "./compute";
import type { OutcomeFacts, RatedEpisode } from "./facts";

/** One EpisodeOutcome row as the database returns it, facts unparsed. */
export interface OutcomeRow {
  episodeId: string;
  finishedAt: number;
  facts: string;
}

interface Job {
  game: string;
  rows: OutcomeRow[];
  options: Omit<ComputeOptions, "now">;
}

export function computeFromRows(job: Job): LeaderboardData {
  const episodes: RatedEpisode[] = job.rows.map((r) => ({
    ...(JSON.parse(r.facts) as OutcomeFacts),
    id: r.episodeId,
    order: r.finishedAt,
  }));
  const game = gameModule(job.game);
  if (!game) throw new Error(`no game "${job.game}" in this build`);
  return computeLeaderboard(game, episodes, job.options);
}

/** A worker running this module. From TypeScript sources (tsx), it registers tsx before loading the module. */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(import.meta.url));
  const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Worker(load, { eval: true });
}

/** Computes on a fresh worker thread. */
export function computeOffThread(job: Job): Promise<LeaderboardData> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker();
    worker.once("message", (message: { data?: LeaderboardData; error?: string }) => {
      void worker.terminate();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.data!);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`ratings worker exited with ${code}`)));
    worker.postMessage(job);
  });
}

parentPort?.once("message", (job: Job) => {
  try {
    parentPort!.postMessage({ data: computeFromRows(job) });
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
