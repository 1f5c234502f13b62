import "server-only";
import type { Logger } from "./log";

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits. A second signal exits at once; a stop that hangs is
 * cut off after `graceMs`, leaving the episodes to lease expiry.
 */
export function onShutdownSignals(stop: () => Promise<void>, logger: Logger, graceMs = 30_000): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down: no new work, flushing events, releasing leases");
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, graceMs).unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}
