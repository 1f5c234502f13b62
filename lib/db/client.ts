import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env, type Env } from "@/lib/env";
import { migrate, readMigrations } from "./migrate";
import { pgClientSession, pgliteSession, type SqlSession } from "./session";

export type DatabaseKind = "embedded" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Runs raw SQL on one connection (migrations, health checks). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string /** Postgres schema to use instead of the URL's default. */; schema?: string }
  | { kind: "embedded" /** A folder, or "memory://" for a throwaway database. */; dataDir: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    if (target.schema) await createSchemaIfMissing(target.url, target.schema);
    const pool = new pg.Pool({
      connectionString: target.url,
      options: target.schema ? `-c search_path="${target.schema}"` : undefined,
      max: 10,
    });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema: target.schema }) });
    return {
      kind: "postgres",
      prisma,
      withSession: async (fn) => {
        const client = await pool.connect();
        try {
          return await fn(pgClientSession(client));
        } finally {
          client.release();
        }
      },
      close: async () => {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  if (target.dataDir !== "memory://") await mkdir(path.dirname(target.dataDir), { recursive: true });
  const pglite = await PGlite.create(target.dataDir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: "embedded",
    prisma,
    withSession: (fn) => fn(pgliteSession(pglite)),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

async function createSchemaIfMissing(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export function targetFromEnv(config: Env = env()): DatabaseTarget {
  const { DATABASE_URL, DATA_DIR } = config;
  if (DATABASE_URL) {
    // Prisma's `?schema=` convention: honoured here, and stripped because pg would send it to the server.
    const url = new URL(DATABASE_URL);
    const schema = url.searchParams.get("schema") ?? undefined;
    url.searchParams.delete("schema");
    return { kind: "postgres", url: url.toString(), schema };
  }
  return { kind: "embedded", dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), DATA_DIR, "pglite") };
}

export async function migrateDatabase(db: Database): Promise<string[]> {
  const migrations = await readMigrations();
  return db.withSession((s) => migrate(s, migrations));
}

/**
 * The process-wide database, opened and migrated once. Kept on globalThis because the custom server and
 * Next's bundled route handlers load this module separately in one process, and PGlite must be opened once.
 */
const holder = globalThis as typeof globalThis & { __arenaDatabase?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  holder.__arenaDatabase ??= (async () => {
    const db = await openDatabase(targetFromEnv());
    try {
      await migrateDatabase(db);
    } catch (err) {
      await db.close();
      throw err;
    }
    return db;
  })().catch((err) => {
    holder.__arenaDatabase = undefined; // let a later call (e.g. the health check) try again
    throw err;
  });
  return holder.__arenaDatabase;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__arenaDatabase;
  holder.__arenaDatabase = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}

export async function prisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
