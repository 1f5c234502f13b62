import { type ApiErrorCode, json, route } from "@/lib/api/http";
import { getDatabase, targetFromEnv } from "@/lib/db/client";
import { type MigrationStatus, migrationStatus, readMigrations } from "@/lib/db/migrate";
import { realtime } from "@/lib/realtime/server";
import { APP_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

/**
 * Version, database kind, reachability and migration state. Degraded is a 503 whose body is the full report
 * plus the coded error fields (`error`, `code: "unavailable"`), like every other error body.
 */
export const GET = route(async () => {
  const kind = targetFromEnv().kind;
  let database:
    | { kind: string; reachable: true; migrations: MigrationStatus & { upToDate: boolean } }
    | { kind: string; reachable: false; error: string };
  try {
    const db = await getDatabase();
    const migrations = await readMigrations();
    const status = await db.withSession(async (s) => {
      await s.query("SELECT 1");
      return migrationStatus(s, migrations);
    });
    const upToDate = status.pending.length === 0 && status.modified.length === 0 && status.failed.length === 0;
    database = { kind, reachable: true, migrations: { ...status, upToDate } };
  } catch (err) {
    database = { kind, reachable: false, error: err instanceof Error ? err.message : String(err) };
  }
  const ok = database.reachable && "migrations" in database && database.migrations.upToDate;
  return json(
    {
      status: ok ? "ok" : "degraded",
      ...(!ok && {
        error: database.reachable ? "the database migrations are not up to date" : "the database is unreachable",
        code: "unavailable" satisfies ApiErrorCode,
      }),
      version: APP_VERSION,
      database,
      realtime: { attached: realtime() !== undefined, clients: realtime()?.engine.clientsCount ?? 0 },
    },
    { status: ok ? 200 : 503 },
  );
});
