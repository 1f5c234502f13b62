import pg from "pg";

const STALE_MS = 60 * 60 * 1000;

/**
 * Drops the Postgres schemas of earlier e2e runs (named e2e_<base36 start time><pid>) once they are an hour
 * old. Dropping this run's schema at teardown would pull it from under the still-running server.
 */
export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'e2e\\_%'`,
    );
    for (const { name } of rows) {
      const started = parseInt(name.slice(4, 12), 36);
      if (Number.isFinite(started) && Date.now() - started > STALE_MS)
        await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    }
  } finally {
    await client.end();
  }
}
