import "server-only";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/** The raw SQL the migrator and health checks need, over either backend. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
}

export function pgliteSession(db: PGlite | Transaction): SqlSession {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    transaction: (fn) => {
      if (!("transaction" in db)) throw new Error("nested transactions are not supported");
      return db.transaction((tx) => fn(pgliteSession(tx)));
    },
  };
}

export function pgClientSession(client: pg.ClientBase): SqlSession {
  const session: SqlSession = {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    transaction: async (fn) => {
      await client.query("BEGIN");
      try {
        const result = await fn(session);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    },
  };
  return session;
}
