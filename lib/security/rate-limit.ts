/**
 * Fixed-window rate limits per client and bucket, in memory (one process; several web nodes each count
 * their own clients). A refused request gets 429 with Retry-After.
 */
import "server-only";
export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the window resets (when refused). */
  retryAfterSeconds: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): LimitVerdict {
    if (this.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.now();
    this.evictExpired(now);
    let window = this.windows.get(key);
    if (!window || window.start + this.windowMs <= now) this.windows.set(key, (window = { start: now, count: 0 }));
    if (window.count >= this.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) };
    }
    window.count++;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Drops finished windows at most once per window length, so memory follows the active clients. */
  private evictExpired(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.start + this.windowMs <= now) this.windows.delete(key);
  }
}
