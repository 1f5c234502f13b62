import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlSession } from "./session";

/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, one transaction each, recording
 * rows in `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can take over.
 */

export interface Migration {
  name: string;
  sql: string;
  /** SHA-256 hex of migration.sql, as Prisma computes it. */
  checksum: string;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

/** Prisma's advisory lock key, so our runner and `prisma migrate deploy` never interleave. */
const ADVISORY_LOCK_KEY = 72707369;

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied migrations whose file no longer matches the recorded checksum. */
  modified: string[];
  /** Migrations that started and never finished (a failed `prisma migrate deploy`). */
  failed: string[];
}

async function appliedRows(db: SqlSession): Promise<AppliedRow[]> {
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  if (!exists[0]?.t) return [];
  return db.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
  );
}

export async function migrationStatus(db: SqlSession, migrations: Migration[]): Promise<MigrationStatus> {
  const rows = (await appliedRows(db)).filter((r) => r.rolled_back_at === null);
  const done = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r.checksum]));
  return {
    applied: migrations.filter((m) => done.has(m.name)).map((m) => m.name),
    pending: migrations.filter((m) => !done.has(m.name)).map((m) => m.name),
    modified: migrations.filter((m) => done.has(m.name) && done.get(m.name) !== m.checksum).map((m) => m.name),
    failed: rows.filter((r) => r.finished_at === null).map((r) => r.migration_name),
  };
}

/** Applies pending migrations; returns their names. Refuses to run over modified or failed ones. */
export async function migrate(db: SqlSession, migrations: Migration[]): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  await db.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
  try {
    const status = await migrationStatus(db, migrations);
    if (status.failed.length > 0) {
      throw new MigrationError(
        `Migration ${status.failed.join(", ")} failed earlier and was never finished; resolve it (prisma migrate resolve) before migrating.`,
      );
    }
    if (status.modified.length > 0) {
      throw new MigrationError(
        `Migration ${status.modified.join(", ")} was changed after it was applied (checksum differs from _prisma_migrations). ` +
          `Restore the original migration.sql and put the change in a new migration.`,
      );
    }
    const pending = migrations.filter((m) => status.pending.includes(m.name));
    for (const m of pending) {
      try {
        await db.transaction(async (tx) => {
          await tx.exec(m.sql);
          await tx.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
             VALUES ($1, $2, now(), $3, NULL, now(), 1)`,
            [randomUUID(), m.checksum, m.name],
          );
        });
      } catch (err) {
        throw new MigrationError(`Migration ${m.name} failed and was rolled back: ${(err as Error).message}`);
      }
    }
    return pending.map((m) => m.name);
  } finally {
    await db.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`);
  }
}
