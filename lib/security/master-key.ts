/**
 * The server's master key and the per-agent signing secrets derived from it. A remote agent's webhook
 * secret is HMAC-SHA256(master key, agent id): the arena can sign with it at any time, yet nothing secret
 * is stored in the database. The key comes from ARENA_SECRET_KEY or, in the embedded default, from a file
 * generated once in DATA_DIR.
 */
import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const KEY_FILE = "arena-secret.key";

const holder = globalThis as typeof globalThis & { __arenaMasterKey?: string };

/** Reads the key file, creating it first if missing (exclusive create: concurrent starters agree on one key). */
function keyFromDataDir(dataDir: string): string {
  const file = path.resolve(/*turbopackIgnore: true*/ process.cwd(), dataDir, KEY_FILE);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const key = readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key; delete it to generate a new one`);
  return key;
}

export function masterKey(): string {
  const { ARENA_SECRET_KEY, DATA_DIR } = env();
  holder.__arenaMasterKey ??= ARENA_SECRET_KEY ?? keyFromDataDir(DATA_DIR);
  return holder.__arenaMasterKey;
}

/** The Standard Webhooks secret (`whsec_` + base64 of 32 bytes) the arena signs this agent's requests with. */
export function agentSigningSecret(agentId: string, key: string = masterKey()): string {
  return `whsec_${createHmac("sha256", key).update(`agent-signing-secret:${agentId}`).digest("base64")}`;
}
