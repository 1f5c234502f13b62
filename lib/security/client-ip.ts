import "server-only";
import { env } from "@/lib/env";

/**
 * Set by server.ts from the socket's address, replacing anything the client sent; route handlers cannot see
 * the socket themselves.
 */
export const CLIENT_IP_HEADER = "x-arena-client-ip";

/** The caller's address: the socket's, or behind a trusted proxy (TRUST_PROXY) the last X-Forwarded-For hop. */
export function clientIp(request: Request): string {
  if (env().TRUST_PROXY) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops.at(-1)!;
  }
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
