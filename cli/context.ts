import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { agentConfigSchema, builtinAgentNames } from "@/lib/agents";
import { agentFromRow, registerBuiltinAgents } from "@/lib/arena/agents";
import { localBus, type ArenaBus } from "@/lib/arena/bus";
import type { AnyGameModule } from "@/engine/core/module";
import { createLogger, type Logger } from "@/lib/arena/log";
import { EpisodeRunner } from "@/lib/arena/runner";
import { closeDatabase, getDatabase, migrateDatabase, openDatabase, type Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { gameIds, gameModule, games } from "@/lib/games/registry";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface CliContext {
  prisma: PrismaClient;
  bus: ArenaBus;
  runner: EpisodeRunner;
  logger: Logger;
  close(): Promise<void>;
}

/** `--db`: the configured database (DATABASE_URL, else the embedded one in DATA_DIR); otherwise a throwaway in-memory one. */
export async function openCli(options: { db: boolean }): Promise<CliContext> {
  const logger = createLogger("cli", { level: process.env.LOG_LEVEL ?? "warn", stderr: true });
  let db: Database;
  if (options.db) db = await getDatabase();
  else {
    db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
    await migrateDatabase(db);
  }
  const prisma = db.prisma;
  await registerBuiltinAgents(prisma, gameIds);
  const bus = localBus();
  const runner = new EpisodeRunner({
    prisma,
    games,
    bus,
    owner: `cli:${hostname()}:${process.pid}`,
    leaseMs: 10_000,
    decisionTimeoutMs: env().DECISION_TIMEOUT_MS,
    createAgent: agentFromRow,
    logger,
  });
  return {
    prisma,
    bus,
    runner,
    logger,
    close: async () => {
      if (options.db) await closeDatabase();
      else await db.close();
    },
  };
}

export function gameById(id: string): AnyGameModule {
  const game = gameModule(id);
  if (!game) throw new CliError(`unknown game "${id}"; games: ${gameIds.join(", ")}`);
  return game;
}

export class CliError extends Error {
  override name = "CliError";
}

/**
 * An agent given on the command line: a built-in bot or stored agent by name, or an agent config file
 * (`name.json` holding what `createAgent` takes, e.g. `{ "kind": "llm", "baseURL": ..., "model": ... }`),
 * stored as the agent `name`.
 */
export async function resolveAgent(prisma: PrismaClient, spec: string): Promise<{ id: string; name: string }> {
  if (spec.endsWith(".json") && existsSync(spec)) {
    const config = JSON.parse(readFileSync(spec, "utf8")) as Record<string, unknown>;
    const parsed = agentConfigSchema.safeParse(config);
    if (!parsed.success) throw new CliError(`${spec}: not a valid agent config: ${parsed.error.message}`);
    const name = path.basename(spec, ".json");
    return prisma.agent.upsert({
      where: { name },
      create: { name, kind: parsed.data.kind, config: config as object, games: [...gameIds] },
      update: { kind: parsed.data.kind, config: config as object },
      select: { id: true, name: true },
    });
  }
  const row = await prisma.agent.findUnique({ where: { name: spec }, select: { id: true, name: true } });
  if (!row) {
    throw new CliError(
      `unknown agent "${spec}": give a built-in bot (${builtinAgentNames().join(", ")}), a stored agent's name or an agent config .json file`,
    );
  }
  return row;
}

/** A game config from an optional JSON file plus `key=value` overrides (dotted keys for nested fields; values parsed as JSON when they can be). */
export function configFrom(file: string | undefined, sets: string[] = []): Record<string, unknown> {
  const config: Record<string, unknown> = file
    ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)
    : {};
  for (const assignment of sets) {
    const eq = assignment.indexOf("=");
    if (eq <= 0) throw new CliError(`--set expects key=value, got "${assignment}"`);
    const keys = assignment.slice(0, eq).split(".");
    const text = assignment.slice(eq + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // a bare string
    }
    let target = config;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[keys.at(-1)!] = value;
  }
  return config;
}

export const parseInteger = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new CliError(`expected an integer, got "${value}"`);
  return n;
};

export const parseList = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
