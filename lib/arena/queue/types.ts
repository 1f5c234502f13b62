import "server-only";
import type { RunOutcome } from "../runner";

export interface EpisodeQueue {
  /** Asks for the episode to be run (a no-op when it is already waiting or running). */
  enqueue(episodeId: string): Promise<void>;
  /** Starts consuming: runs queued episodes and resumes abandoned ones (expired or released leases). */
  start(): Promise<void>;
  /** Stops taking work, interrupts running episodes (their leases are released) and waits for them. */
  stop(): Promise<void>;
}

export type RunListener = (episodeId: string, outcome: RunOutcome) => void;
