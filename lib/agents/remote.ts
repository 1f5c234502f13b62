/** Remote HTTP agents submitted by users: signed POSTs through the SSRF-safe client. */
import "server-only";
import { z } from "zod";
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
  /** Settings per game id, read by that game (SocialGrid: `{ oracle, macro }`); see `/api/games`. */
  options: z.record(z.string(), z.unknown()).optional(),
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
    const timeoutMs = Math.min(config.timeoutMs, request.deadlineMs);

    let body: string;
    try {
      body = JSON.stringify(toRemoteRequest({ ...request, deadlineMs: timeoutMs }));
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
      schema: request.spec.reply,
    });
    if (!result.ok) return failedReply(result.error, result.latencyMs);

    // The reply schema was checked on receipt; what is left is judging it against the request.
    const decided = request.spec.decide(result.data, request.payload);
    if (!decided.ok) {
      const { kind, message } = decided.error;
      return failedReply(
        agentError(kind, message, JSON.stringify(result.data)),
        result.latencyMs,
        undefined,
        result.data,
      );
    }
    return okReply(result.data, decided.decision, result.latencyMs);
  }

  return {
    id: config.id ?? `remote:${new URL(config.url).host}`,
    kind: "remote",
    ...(config.options && { options: config.options }),
    decide,
  };
}
