import { getDatabase, targetFromEnv } from "@/lib/db/client";
import { migrationStatus, readMigrations } from "@/lib/db/migrate";
import { realtime } from "@/lib/realtime/server";
import { APP_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

export async function GET() {
  const kind = targetFromEnv().kind;
  let database;
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
  return Response.json(
    {
      status: ok ? "ok" : "degraded",
      version: APP_VERSION,
      database,
      realtime: { attached: realtime() !== undefined, clients: realtime()?.engine.clientsCount ?? 0 },
    },
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
