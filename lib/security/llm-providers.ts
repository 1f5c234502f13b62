/**
 * An LLM agent's config names a server environment variable whose key is sent to the config's base URL.
 * A user could point that URL at their own server and collect our key, so only the (key variable, base
 * URL) pairs the operator listed in LLM_PROVIDERS are accepted, for submissions and again when an episode
 * builds the agent. Keyless servers must be listed too (`none=url`): the arena would otherwise call a
 * user-chosen address from inside its network.
 */
import "server-only";
import { env, type Env } from "@/lib/env";

export type LlmProvider = Env["LLM_PROVIDERS"][number];

const normalise = (url: string): string | null => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return null;
  }
};

const describe = (p: LlmProvider) => `${p.apiKeyEnv ?? "no key"} → ${p.baseURL}`;

/** Null when the pair is allowlisted; otherwise why not, naming the allowed pairs. */
export function llmProviderProblem(
  apiKeyEnv: string | null | undefined,
  baseURL: string,
  providers: readonly LlmProvider[] = env().LLM_PROVIDERS,
): string | null {
  if (providers.length === 0) return "this arena accepts no LLM agents: the operator has not configured LLM_PROVIDERS";
  const url = normalise(baseURL);
  const key = apiKeyEnv ?? null;
  if (providers.some((p) => p.apiKeyEnv === key && normalise(p.baseURL) === url)) return null;
  return `this key variable and base URL are not an allowed pair; allowed: ${providers.map(describe).join(", ")}`;
}
