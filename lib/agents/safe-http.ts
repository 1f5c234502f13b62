/**
 * An HTTP client for user-submitted URLs (SSRF-safe): the address is checked when the connection is made
 * (after DNS, so rebinding cannot slip past), redirects are never followed, the response is capped while
 * it streams, and every call has a deadline. Never throws: failures come back as typed agent errors.
 */
import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { z } from "zod";
import { isBlockedAddress } from "./ip-policy";
import { agentError, errorMessage } from "./reply";
import type { AgentError } from "./types";

export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeHttpPolicy {
  /** Allow loopback, private and other non-public addresses (operator setting for tests and local dev). */
  allowPrivate?: boolean;
  /** Resolves host names; defaults to the system resolver (dns.lookup, all addresses). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/**
 * Time a caller may run past its per-call timeout, summed over an episode. Calls are cut off at
 * `timeout + remaining budget`; whatever they used beyond the timeout is charged.
 */
export class OverageBudget {
  #remainingMs: number;

  constructor(totalMs: number) {
    this.#remainingMs = Math.max(0, totalMs);
  }

  get remainingMs(): number {
    return this.#remainingMs;
  }

  charge(ms: number): void {
    this.#remainingMs = Math.max(0, this.#remainingMs - Math.max(0, ms));
  }
}

export interface PostJsonOptions<T> extends SafeHttpPolicy {
  headers?: Record<string, string>;
  timeoutMs: number;
  budget?: OverageBudget;
  signal?: AbortSignal;
  /** The parsed JSON body must match this schema. */
  schema: z.ZodType<T>;
  maxResponseBytes?: number;
}

export type SafeHttpResult<T> =
  | { ok: true; data: T; latencyMs: number }
  | { ok: false; error: AgentError; latencyMs: number };

class CallFailure extends Error {
  constructor(readonly error: AgentError) {
    super(error.message);
  }
}

/** POSTs `body` (a JSON string) to a user-submitted URL and returns its validated JSON reply. */
export async function safePostJson<T>(
  url: string,
  body: string,
  options: PostJsonOptions<T>,
): Promise<SafeHttpResult<T>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const budgetMs = options.budget?.remainingMs ?? 0;
  try {
    const text = await send(url, body, options, options.timeoutMs + budgetMs);
    return { ok: true, data: parseReply(text, options.schema), latencyMs: elapsed() };
  } catch (err) {
    const error = err instanceof CallFailure ? err.error : agentError("network", errorMessage(err));
    return { ok: false, error, latencyMs: elapsed() };
  } finally {
    options.budget?.charge(Math.min(budgetMs, elapsed() - options.timeoutMs));
  }
}

function parseReply<T>(text: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CallFailure(agentError("parse", `response is not JSON: ${errorMessage(err)}`, text));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new CallFailure(
      agentError("schema", `response does not match the schema: ${z.prettifyError(parsed.error)}`, text),
    );
  }
  return parsed.data;
}

function targetOf(url: string, policy: SafeHttpPolicy): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new CallFailure(agentError("config", `invalid URL: ${url}`));
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new CallFailure(agentError("blocked", `only http and https URLs are allowed, not ${target.protocol}`));
  }
  if (target.username || target.password) {
    throw new CallFailure(agentError("blocked", "URLs with credentials are not allowed"));
  }
  // Node connects to IP literals without a lookup, so they are checked here.
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && net.isIP(host) && isBlockedAddress(host)) {
    throw new CallFailure(agentError("blocked", `address ${target.hostname} is not publicly routable`));
  }
  return target;
}

const systemResolve = (hostname: string): Promise<ResolvedAddress[]> =>
  dns.promises.lookup(hostname, { all: true, order: "verbatim" });

/** A `lookup` for http.request that refuses host names resolving to any non-public address. */
function guardedLookup(policy: SafeHttpPolicy): net.LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
        const addresses = family ? resolved.filter((a) => a.family === family) : resolved;
        const blocked = policy.allowPrivate ? undefined : addresses.find((a) => isBlockedAddress(a.address));
        if (blocked) {
          const message = `${hostname} resolves to ${blocked.address}, which is not publicly routable`;
          callback(new CallFailure(agentError("blocked", message)), "", 0);
        } else if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} did not resolve`), { code: "ENOTFOUND" }), "", 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

function send(url: string, body: string, options: PostJsonOptions<unknown>, hardLimitMs: number): Promise<string> {
  const target = targetOf(url, options);
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const client = target.protocol === "https:" ? https : http;

  return new Promise<string>((resolve, reject) => {
    const fail = (error: AgentError) => {
      cleanup();
      request.destroy(new CallFailure(error));
      reject(new CallFailure(error));
    };

    const request = client.request(target, {
      method: "POST",
      // A fresh connection per call: a pooled socket would skip the address check of this call's policy.
      agent: false,
      lookup: guardedLookup(options),
      headers: {
        ...options.headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        accept: "application/json",
      },
    });

    const timer = setTimeout(
      () => fail(agentError("timeout", `no complete reply within ${hardLimitMs} ms`)),
      hardLimitMs,
    );
    const onAbort = () => fail(agentError("timeout", "aborted by the caller"));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    request.on("error", (err) => {
      cleanup();
      reject(err instanceof CallFailure ? err : new CallFailure(agentError("network", networkMessage(err))));
    });

    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        return fail(agentError("http", `redirect not followed: HTTP ${status} to ${response.headers.location ?? "?"}`));
      }
      const contentType = response.headers["content-type"] ?? "";
      const isJson = /^application\/json\s*(;|$)/i.test(contentType);
      if (status >= 200 && status < 300 && !isJson) {
        return fail(agentError("http", `expected content-type application/json, got ${contentType || "none"}`));
      }
      const declaredLength = Number(response.headers["content-length"] ?? 0);
      if (declaredLength > maxBytes) {
        return fail(agentError("too_large", `response of ${declaredLength} bytes exceeds ${maxBytes}`));
      }

      const chunks: Buffer[] = [];
      let received = 0;
      response.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return fail(agentError("too_large", `response exceeds ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      response.on("end", () => {
        cleanup();
        const text = Buffer.concat(chunks).toString("utf8");
        if (status < 200 || status >= 300) reject(new CallFailure(agentError("http", `HTTP ${status}`, text)));
        else resolve(text);
      });
      response.on("error", (err) => fail(agentError("network", networkMessage(err))));
    });

    if (options.signal?.aborted) onAbort();
    else request.end(body);
  });
}

function networkMessage(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code ? `${code}: ${err.message}` : err.message;
}
