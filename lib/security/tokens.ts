/** Owner and admin tokens: random, prefixed, stored only as SHA-256, compared in constant time. */
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const OWNER_TOKEN_PREFIX = "sa_";
const HINT_LENGTH = OWNER_TOKEN_PREFIX.length + 6;

export interface NewOwnerToken {
  /** Shown to the owner once. */
  token: string;
  hash: string;
  /** The first characters, kept to tell tokens apart. */
  hint: string;
}

export function newOwnerToken(): NewOwnerToken {
  const token = OWNER_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, hash: sha256(token), hint: token.slice(0, HINT_LENGTH) };
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** Constant-time comparison of a presented secret with a stored SHA-256 hex digest. */
export function matchesHash(presented: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(presented), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Constant-time comparison of two secrets of any length (hashing first equalises the lengths). */
export const sameSecret = (presented: string, expected: string): boolean => matchesHash(presented, sha256(expected));

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
