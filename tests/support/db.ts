import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase, openDatabase, type Database } from "@/lib/db/client";

export const testDatabaseUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (
    !["localhost", "127.0.0.1", "::1", "[::1]", "postgres", "db"].includes(host) &&
    !process.env.ALLOW_REMOTE_TEST_DB
  ) {
    throw new Error(
      `Refusing to run tests against non-local database host ${host} (set ALLOW_REMOTE_TEST_DB=1 to allow).`,
    );
  }
}

export interface TestDatabase extends Database {
  /** The Postgres schema of this test file, or undefined on PGlite. */
  schema?: string;
  url?: string;
  /** Closes and drops everything the test created. */
  destroy(): Promise<void>;
}

/**
 * A fresh database for one test file: its own schema on the real Postgres when TEST_DATABASE_URL or
 * DATABASE_URL is set, otherwise an in-memory PGlite.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  let db: Database;
  let schema: string | undefined;
  if (url) {
    assertLocal(url);
    schema = `test_${randomBytes(6).toString("hex")}`;
    db = await openDatabase({ kind: "postgres", url, schema });
  } else {
    db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
  }
  if (options.migrate !== false) await migrateDatabase(db);
  return {
    ...db,
    schema,
    url,
    destroy: async () => {
      await db.close();
      if (url && schema) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.end();
      }
    },
  };
}
