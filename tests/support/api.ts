/**
 * Calls the real Next.js route handlers in-process against a test database: the handlers' own database
 * accessor (lib/db/client) is pointed at the test file's database.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localBus } from "@/lib/arena/bus";
import { agentFromRow } from "@/lib/arena/agents";
import { games as arenaGames } from "@/lib/games/registry";
import { silentLogger } from "@/lib/arena/log";
import { EpisodeRunner } from "@/lib/arena/runner";
import type { Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { RatingsMaintainer } from "@/lib/leaderboard/maintainer";
import { createTestDatabase, type TestDatabase } from "./db";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

/** Environment of the API tests; call before anything reads lib/env. */
export function apiTestEnv(overrides: Record<string, string> = {}) {
  Object.assign(process.env, {
    ALLOW_PRIVATE_AGENT_URLS: "true",
    ADMIN_TOKEN,
    ARENA_SECRET_KEY: "test-master-key-test-master-key-0123456789",
    LLM_PROVIDERS: "TEST_LLM_API_KEY=http://127.0.0.1:9/v1 none=http://127.0.0.1:9/keyless/v1",
    AGENT_CREATE_LIMIT_PER_HOUR: "0",
    TEST_CALL_LIMIT_PER_MINUTE: "0",
    PROVISIONAL_GAMES: "3",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "arena-api-")),
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

export async function useApiDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  (globalThis as { __arenaDatabase?: Promise<Database> }).__arenaDatabase = Promise.resolve(db);
  return db;
}

/** Any route handler: its route params are supplied by `call` (typed `never` so every handler's own params fit). */
export type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. "/api/agents?kind=remote". */
  url: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

export async function call(
  handler: Handler,
  options: CallOptions,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { "x-arena-client-ip": "203.0.113.7", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`http://arena.test${options.url}`, { method: options.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) as Promise<never> });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Built-in random bots with distinct seeds, as separate agents. */
export async function randomBots(prisma: PrismaClient, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await prisma.agent.create({
      data: {
        name: `random-${i}-${randomUUID().slice(0, 6)}`,
        kind: "builtin",
        config: { name: "arena-random", seed: i + 1 },
        games: ["socialgrid"],
      },
    });
    ids.push(row.id);
  }
  return ids;
}

export function arenaRunner(prisma: PrismaClient): EpisodeRunner {
  return new EpisodeRunner({
    prisma,
    games: arenaGames,
    bus: localBus(),
    owner: `test-${randomUUID()}`,
    leaseMs: 10_000,
    decisionTimeoutMs: 5_000,
    createAgent: agentFromRow,
    logger: silentLogger(),
  });
}

export const maintainer = (prisma: PrismaClient) =>
  new RatingsMaintainer({
    prisma,
    games: arenaGames,
    logger: silentLogger(),
    debounceMs: 0,
    bootstrap: { rounds: 50, seed: 0, confidence: 0.95 },
  });
