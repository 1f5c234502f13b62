/**
 * LLM agents through the real runner, against the local OpenAI-protocol server (a child process, see
 * agents-llm-server.ts) answering every call after a fixed latency L = 100 ms; PGlite, or PostgreSQL when
 * TEST_DATABASE_URL / DATABASE_URL is set. One 7-player SocialGrid episode capped at 60 env steps, with a
 * scheduled meeting at step 30, after a 3-step warm-up episode.
 *
 * - agents.llm_wall_over_ideal: wall time / (decision rounds × L). All agents of a round are asked at
 *   once, so the ideal is one latency per round; the goal is ≤ 1.15.
 * - agents.speedup_vs_sequential: (agent calls × L) / wall time — the paper's protocol asked the agents one
 *   after another.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { createAgent, type AgentConfigInput } from "../lib/agents";
import { localBus } from "../lib/arena/bus";
import { isDecisionsEvent } from "../lib/arena/events";
import { socialgridModule as socialgridArena } from "../engine/games/socialgrid/module";
import { silentLogger } from "../lib/arena/log";
import { EpisodeRunner } from "../lib/arena/runner";
import { createEpisode, readAllEvents } from "../lib/arena/store";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { createTestDatabase } from "../tests/support/db";
import type { Figure } from "./index";

const LATENCY_MS = 100;
const PLAYERS = 7;
const CONFIG = { players: PLAYERS, maxSteps: 60, voteEvery: 30 };
const games = { socialgrid: socialgridArena };

export async function run(): Promise<Figure[]> {
  const server = await startServer();
  const db = await createTestDatabase();
  try {
    const agent = await db.prisma.agent.create({
      data: {
        name: "bench-llm",
        kind: "llm",
        config: { baseURL: server.baseURL, model: "fake" },
        games: ["socialgrid"],
      },
    });
    await episode(db.prisma, agent.id, { ...CONFIG, maxSteps: 3 }); // warm-up: connections, JIT
    const calls = await server.calls();
    const { wallMs, rounds } = await episode(db.prisma, agent.id, CONFIG);
    const agentCalls = (await server.calls()) - calls;
    return [
      { name: "agents.llm_wall_over_ideal", value: wallMs / (rounds * LATENCY_MS), unit: "ratio" },
      { name: "agents.speedup_vs_sequential", value: (agentCalls * LATENCY_MS) / wallMs, unit: "ratio" },
      { name: "agents.episode_wall_ms", value: wallMs, unit: "ms" },
      { name: "agents.decision_rounds", value: rounds, unit: "rounds" },
      { name: "agents.agent_calls", value: agentCalls, unit: "calls" },
    ];
  } finally {
    await db.destroy();
    server.child.disconnect();
  }
}

async function startServer() {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("bench/agents-llm-server.ts"), String(LATENCY_MS)],
    {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    },
  );
  const [line] = (await once(child.stdout!, "data")) as [Buffer];
  const calls = async () => {
    child.send("count");
    const [count] = (await once(child, "message")) as [number];
    return count;
  };
  return { child, baseURL: line.toString().trim(), calls };
}

async function episode(prisma: PrismaClient, agentId: string, config: object) {
  const id = await createEpisode(prisma, games, {
    game: "socialgrid",
    config,
    seed: 5,
    participants: Array.from({ length: PLAYERS }, (_, seat) => ({ seat, agentId })),
  });
  const runner = new EpisodeRunner({
    prisma,
    games,
    bus: localBus(),
    owner: `bench-${randomUUID()}`,
    leaseMs: 30_000,
    decisionTimeoutMs: 30_000,
    createAgent: (row) => createAgent({ ...(row.config as object), kind: row.kind, id: row.id } as AgentConfigInput),
    logger: silentLogger(),
  });
  const started = performance.now();
  const outcome = await runner.run(id);
  const wallMs = performance.now() - started;
  if (outcome !== "finished") throw new Error(`benchmark episode ended as "${outcome}"`);
  const log = (await readAllEvents(prisma, id)).map((e) => e.payload);
  const failures = log.filter((e) => e.type === "agent_error").length;
  if (failures > 0) throw new Error(`${failures} agent calls failed in the benchmark episode`);
  return { wallMs, rounds: log.filter(isDecisionsEvent).length };
}
