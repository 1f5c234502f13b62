import pg from "pg";

/** Drops the Postgres schema the e2e server ran on (PGlite folders live under test-results/). */
export default async function globalTeardown() {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url || !process.env.E2E_RUN_ID) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "e2e_${process.env.E2E_RUN_ID}" CASCADE`);
  } finally {
    await client.end();
  }
}
