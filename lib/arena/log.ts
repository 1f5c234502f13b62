import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

export type Logger = pino.Logger;

/** JSON logs (stdout, or stderr for CLIs whose stdout is their output); children add `episodeId` / `agentId`. */
export function createLogger(component: string, options: { level?: string; stderr?: boolean } = {}): Logger {
  return pino(
    { level: options.level ?? env().LOG_LEVEL, base: { component, pid: process.pid } },
    pino.destination(options.stderr ? 2 : 1),
  );
}

export const silentLogger = (): Logger => pino({ level: "silent" });
