import "server-only";
import { z } from "zod";

const postgresUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === "postgres:" || u.protocol === "postgresql:") && u.hostname !== "";
  } catch {
    return false;
  }
}, "must be a postgres:// or postgresql:// URL with a host, e.g. postgresql://user@127.0.0.1:5432/arena");

const redisUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === "redis:" || u.protocol === "rediss:";
  } catch {
    return false;
  }
}, "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379");

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

/**
 * `LLM_PROVIDERS`: which API key variable may be sent to which base URL, as `KEYVAR=url` entries separated
 * by commas or whitespace; `none=url` allows a keyless server. An LLM agent may only use a listed pair.
 */
const llmProviders = z.string().transform((text, ctx) => {
  const entries: Array<{ apiKeyEnv: string | null; baseURL: string }> = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const name = entry.slice(0, eq);
    const url = entry.slice(eq + 1);
    let valid = eq > 0 && (name === "none" || /^[A-Z][A-Z0-9_]*_API_KEY$/.test(name));
    try {
      valid &&= ["http:", "https:"].includes(new URL(url).protocol);
    } catch {
      valid = false;
    }
    if (!valid) {
      ctx.addIssue({
        code: "custom",
        message: `entries must be KEYVAR=https://host/v1 (KEYVAR ending in _API_KEY, or none); bad entry "${entry}"`,
      });
      return z.NEVER;
    }
    entries.push({ apiKeyEnv: name === "none" ? null : name, baseURL: url });
  }
  return entries;
});

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
  /** Enables `/api/test/*` (create and import episodes without an account); the end-to-end tests set it. Never in production. */
  ARENA_TEST_API: z.preprocess(emptyAsUnset, flag.default(false)),
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
  REDIS_PREFIX: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[\w.-]+$/, "must be letters, digits, _ . -")
      .default("arena"),
  ),
  /** Bearer token that authorises creating leagues; unset: nobody can create leagues over the web. */
  ADMIN_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Master key the remote agents' signing secrets are derived from (HMAC per agent id). Unset: generated once
   * into DATA_DIR. Set it (the same value everywhere) when several hosts run episodes.
   */
  ARENA_SECRET_KEY: z.preprocess(emptyAsUnset, z.string().min(32, "must be at least 32 characters").optional()),
  LLM_PROVIDERS: z.preprocess(emptyAsUnset, llmProviders.default([])),
  /** Agent registrations per client IP and hour (0: unlimited). */
  AGENT_CREATE_LIMIT_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(10)),
  /** Test calls per client IP and minute (0: unlimited). */
  TEST_CALL_LIMIT_PER_MINUTE: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(10)),
  /** Take the client IP from the last X-Forwarded-For hop (behind one trusted reverse proxy). */
  TRUST_PROXY: z.preprocess(emptyAsUnset, flag.default(false)),
  /** Ratings with fewer games than this are marked provisional. */
  PROVISIONAL_GAMES: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(10)),
  /** Quiet time after an episode finishes before ratings are recomputed (more finishing meanwhile join in). */
  RATINGS_DEBOUNCE_MS: z.preprocess(emptyAsUnset, millis.default(1_000)),
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
