/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the arena signs each request so agent
 * owners can check it came from us, unaltered and recently.
 */
import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";

const SECRET_PREFIX = "whsec_";

export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** A new agent secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return false;
  const length = Buffer.from(encoded, "base64").length;
  return length >= 24 && length <= 64;
}

export function signWebhook(
  secret: string,
  body: string,
  message: { id?: string; timestamp?: Date } = {},
): WebhookHeaders {
  const id = message.id ?? `msg_${randomUUID()}`;
  const timestamp = String(Math.floor((message.timestamp ?? new Date()).getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
