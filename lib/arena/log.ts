import pino from "pino";
import { env } from "@/lib/env";

export type Logger = pino.Logger;

/** JSON logs on stdout; children add `episodeId` / `agentId`. */
export function createLogger(component: string, level: string = env().LOG_LEVEL): Logger {
  return pino({ level, base: { component, pid: process.pid } });
}

export const silentLogger = (): Logger => pino({ level: "silent" });
