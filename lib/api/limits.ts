/** The arena's rate limits on expensive or abusable endpoints, per client IP. */
import "server-only";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/security/client-ip";
import { FixedWindowLimiter } from "@/lib/security/rate-limit";
import { ApiError } from "./http";

type Bucket = "agent-create" | "test-call";

const holder = globalThis as typeof globalThis & { __arenaLimiters?: Record<Bucket, FixedWindowLimiter> };

function limiters(): Record<Bucket, FixedWindowLimiter> {
  const e = env();
  holder.__arenaLimiters ??= {
    "agent-create": new FixedWindowLimiter(e.AGENT_CREATE_LIMIT_PER_HOUR, 3_600_000),
    "test-call": new FixedWindowLimiter(e.TEST_CALL_LIMIT_PER_MINUTE, 60_000),
  };
  return holder.__arenaLimiters;
}

const WHAT: Record<Bucket, string> = { "agent-create": "agent registrations", "test-call": "test calls" };

/** Throws 429 with Retry-After when this client used up its allowance. */
export function enforceRateLimit(request: Request, bucket: Bucket): void {
  const verdict = limiters()[bucket].take(clientIp(request));
  if (!verdict.allowed) {
    throw new ApiError(
      429,
      `too many ${WHAT[bucket]} from your address; try again in ${verdict.retryAfterSeconds} s`,
      undefined,
      {
        "retry-after": String(verdict.retryAfterSeconds),
      },
    );
  }
}

/** Tests: forget every client's usage (limits are re-read from the environment). */
export function resetRateLimits(): void {
  holder.__arenaLimiters = undefined;
}
