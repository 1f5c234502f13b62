import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface ChildHandle {
  process: ChildProcess;
  output(): string;
  /** Resolves with the first stdout line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Runs a TypeScript file in one Node process (no tsx wrapper process, so signals hit the real process). */
export function spawnTs(file: string, env: Record<string, string>): ChildHandle {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(file)], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    process: child,
    output: () => out,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    waitForLine(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${out}`)),
          timeoutMs,
        );
        const check = () => {
          const match = out.match(pattern);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** The DATABASE_URL a child process needs to use the test file's schema. */
export function childDatabaseUrl(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("schema", schema);
  return u.toString();
}
