/** Remote HTTP agents submitted by users: signed POSTs through the SSRF-safe client. */
import { z } from "zod";
import { replyCodecFor } from "./codecs";
import { toRemoteRequest } from "./protocol";
import { agentError, errorMessage, failedReply, okReply } from "./reply";
import { OverageBudget, safePostJson, type SafeHttpPolicy } from "./safe-http";
import { isWebhookSecret, signWebhook } from "./signing";
import type { Agent, DecisionRequest } from "./types";

export const DEFAULT_OVERAGE_BUDGET_MS = 30_000;
const USER_AGENT = "social-arena/1";

export const remoteAgentConfigSchema = z.object({
  kind: z.literal("remote"),
  id: z.string().min(1).optional(),
  url: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL" })
    .refine((url) => !new URL(url).username && !new URL(url).password, "the URL must not contain credentials"),
  secret: z.string().refine(isWebhookSecret, "expected whsec_ followed by base64 of 24 to 64 random bytes"),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
});

export type RemoteAgentConfig = z.infer<typeof remoteAgentConfigSchema>;

/** Operator settings, never part of a user's submission. */
export interface RemoteAgentOptions extends SafeHttpPolicy {
  /** Overage budget for this agent's episode; defaults to a fresh one of DEFAULT_OVERAGE_BUDGET_MS. */
  budget?: OverageBudget;
}

export function createRemoteAgent(config: RemoteAgentConfig, options: RemoteAgentOptions = {}): Agent {
  const budget = options.budget ?? new OverageBudget(DEFAULT_OVERAGE_BUDGET_MS);

  async function decide(request: DecisionRequest, signal?: AbortSignal) {
    const codec = replyCodecFor(request.game);
    if (!codec) return failedReply(agentError("config", `game "${request.game}" is not supported`), 0);
    const timeoutMs = Math.min(config.timeoutMs, request.deadlineMs);

    let body: string;
    try {
      body = JSON.stringify(toRemoteRequest({ ...request, deadlineMs: timeoutMs }, codec));
    } catch (err) {
      return failedReply(agentError("config", `request is not serialisable: ${errorMessage(err)}`), 0);
    }

    const result = await safePostJson(config.url, body, {
      allowPrivate: options.allowPrivate,
      resolve: options.resolve,
      budget,
      signal,
      timeoutMs,
      headers: { ...signWebhook(config.secret, body), "user-agent": USER_AGENT },
      schema: codec.wireSchema(request),
    });
    if (!result.ok) return failedReply(result.error, result.latencyMs);

    const illegal = codec.check(request, result.data);
    if (illegal) {
      return failedReply(agentError(illegal.kind, illegal.message, JSON.stringify(result.data)), result.latencyMs);
    }
    return okReply(result.data, result.latencyMs);
  }

  return { id: config.id ?? `remote:${new URL(config.url).host}`, kind: "remote", decide };
}
