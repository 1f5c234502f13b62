import { z } from "zod";

const postgresUrl = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "postgres:" || u.protocol === "postgresql:") && u.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a postgres:// or postgresql:// URL with a host, e.g. postgresql://user@127.0.0.1:5432/arena");

const redisUrl = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "redis:" || u.protocol === "rediss:";
    } catch {
      return false;
    }
  }, "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379");

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

const millis = z.coerce.number({ error: "must be a number of milliseconds" }).int("must be whole milliseconds").min(0);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole port number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUnset, z.string().min(1).default("localhost")),
  /** Unset: embedded PGlite in DATA_DIR. Set: a real PostgreSQL server. */
  DATABASE_URL: z.preprocess(emptyAsUnset, postgresUrl.optional()),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default(".data")),
  /** Optional: BullMQ queue and Socket.IO Redis adapter for several processes. */
  REDIS_URL: z.preprocess(emptyAsUnset, redisUrl.optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Let agents call private/loopback addresses (local development and tests only). */
  ALLOW_PRIVATE_AGENT_URLS: z.preprocess(emptyAsUnset, flag.default(false)),
  /** Keep one demo episode of built-in agents running while no other episode is live. */
  DEMO_ENABLED: z.preprocess(emptyAsUnset, flag.default(true)),
  /** Pause between steps of demo episodes, so people can follow them. */
  DEMO_STEP_MS: z.preprocess(emptyAsUnset, millis.default(400)),
  /** Episodes one process runs at once. */
  WORKER_CONCURRENCY: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(256).default(4)),
  /** The web process runs episodes too (in-process; with REDIS_URL it also consumes the queue). */
  WEB_WORKER: z.preprocess(emptyAsUnset, flag.default(true)),
  /** A running episode belongs to its process for this long unless renewed; after that another resumes it. */
  EPISODE_LEASE_MS: z.preprocess(emptyAsUnset, millis.min(500).default(15_000)),
  /** Default time an agent gets for one decision. */
  DECISION_TIMEOUT_MS: z.preprocess(emptyAsUnset, millis.min(10).default(30_000)),
  /** Prefix of every Redis key and channel (queue, live events), so several arenas can share one Redis. */
  REDIS_PREFIX: z.preprocess(emptyAsUnset, z.string().regex(/^[\w.-]+$/, "must be letters, digits, _ . -").default("arena")),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; on failure the error message names every bad variable on one line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const got = source[name];
    return `${name} ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
  });
  throw new EnvError(`Invalid environment: ${problems.join("; ")}`);
}

export class EnvError extends Error {
  override name = "EnvError";
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
