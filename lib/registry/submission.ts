/**
 * What users may submit about their agents: zod schemas for registration, test calls and edits. Errors are
 * keyed by the form's field names (name, url, baseURL, …) so the form can show them next to each field.
 */
import "server-only";
import net from "node:net";
import { z } from "zod";
import { isBlockedAddress } from "@/lib/agents/ip-policy";
import { gameIds, gameModule } from "@/lib/games/registry";
import { env } from "@/lib/env";
import { llmProviderProblem, type LlmProvider } from "@/lib/security/llm-providers";

/** Operator settings the schemas depend on. */
export interface SubmissionPolicy {
  allowPrivate: boolean;
  providers: readonly LlmProvider[];
}

export const policyFromEnv = (): SubmissionPolicy => ({
  allowPrivate: env().ALLOW_PRIVATE_AGENT_URLS,
  providers: env().LLM_PROVIDERS,
});

/** Games whose seats agents can play: every registered game. */
export const playableGames = (): string[] => [...gameIds];

const emptyAsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const agentNameSchema = z
  .string({ error: "required" })
  .trim()
  .min(3, "at least 3 characters")
  .max(40, "at most 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, "letters, digits, spaces and _ . - only, starting with a letter or digit");

const descriptionSchema = z.string({ error: "must be text" }).trim().max(500, "at most 500 characters");

const gamesSchema = z
  .array(z.string(), { error: "choose at least one game" })
  .min(1, "choose at least one game")
  .transform((games) => [...new Set(games)])
  .refine((games) => games.every((g) => playableGames().includes(g)), {
    message: `unknown game; agents can play: ${playableGames().join(", ")}`,
  });

const httpUrl = z
  .string({ error: "required" })
  .trim()
  .min(1, "required")
  .max(2_000, "at most 2,000 characters")
  .pipe(z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" }));

/** Obvious non-public targets, refused at submission; the HTTP client checks the resolved address again on every call. */
function hostProblem(url: string, allowPrivate: boolean): string | null {
  if (!URL.canParse(url)) return null; // already reported by the URL check
  const u = new URL(url);
  if (u.username || u.password) return "the URL must not contain credentials";
  if (allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (net.isIP(host)) return isBlockedAddress(host) ? `${host} is not a public address` : null;
  if (!host.includes(".") || /(^|\.)(localhost|local|internal|home\.arpa)$/.test(host))
    return `${host} is not a public host name`;
  return null;
}

/** The agent's settings per game (`/api/games` lists each game's), each checked by its game's schema. */
const gameOptionsSchema = z
  .record(z.string(), z.unknown(), { error: "settings per game id" })
  .superRefine((options, ctx) => {
    for (const [game, value] of Object.entries(options)) {
      const module = gameModule(game);
      if (!module) {
        ctx.addIssue({ code: "custom", path: [game], message: `unknown game; games: ${gameIds.join(", ")}` });
        continue;
      }
      const parsed = module.agentOptions.safeParse(value);
      for (const issue of parsed.error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: [game, ...issue.path.map(String)], message: issue.message });
      }
    }
  })
  .optional();

const remoteShape = {
  kind: z.literal("remote"),
  url: httpUrl,
  timeoutMs: z
    .number({ error: "must be a number of milliseconds" })
    .int("must be whole milliseconds")
    .min(100, "at least 100 ms")
    .max(120_000, "at most 120,000 ms")
    .default(10_000),
  options: gameOptionsSchema,
};

const llmShape = {
  kind: z.literal("llm"),
  baseURL: httpUrl,
  model: z.string({ error: "required" }).trim().min(1, "required").max(200, "at most 200 characters"),
  apiKeyEnv: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]*_API_KEY$/, "an environment variable name ending in _API_KEY, e.g. OPENAI_API_KEY")
      .optional(),
  ),
  options: gameOptionsSchema,
};

const profileShape = {
  name: agentNameSchema,
  description: descriptionSchema.default(""),
  games: gamesSchema,
};

function checkRemote(policy: SubmissionPolicy) {
  return (value: { url: string }, ctx: z.RefinementCtx) => {
    const problem = hostProblem(value.url, policy.allowPrivate);
    if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
  };
}

function checkLlm(policy: SubmissionPolicy) {
  return (value: { baseURL: string; apiKeyEnv?: string }, ctx: z.RefinementCtx) => {
    const problem = llmProviderProblem(value.apiKeyEnv, value.baseURL, policy.providers);
    if (problem) ctx.addIssue({ code: "custom", path: ["baseURL"], message: problem });
  };
}

/** How to reach an agent: what the Test button sends. */
export function connectionSchema(policy: SubmissionPolicy) {
  return z.discriminatedUnion(
    "kind",
    [z.object(remoteShape).superRefine(checkRemote(policy)), z.object(llmShape).superRefine(checkLlm(policy))],
    { error: "kind must be remote or llm" },
  );
}

/** A registration: a connection plus name, description and games. */
export function submissionSchema(policy: SubmissionPolicy) {
  return z.discriminatedUnion(
    "kind",
    [
      z.object({ ...remoteShape, ...profileShape }).superRefine(checkRemote(policy)),
      z.object({ ...llmShape, ...profileShape }).superRefine(checkLlm(policy)),
    ],
    { error: "kind must be remote or llm" },
  );
}

export type Connection = z.output<ReturnType<typeof connectionSchema>>;
export type Submission = z.output<ReturnType<typeof submissionSchema>>;

/** An owner's edit. Connection fields must belong to the agent's kind; the merged connection is validated again. */
export const agentPatchSchema = z
  .object({
    name: agentNameSchema,
    description: descriptionSchema,
    games: gamesSchema,
    status: z.enum(["active", "paused"], { error: "active or paused" }),
    url: z.unknown(),
    timeoutMs: z.unknown(),
    baseURL: z.unknown(),
    model: z.unknown(),
    apiKeyEnv: z.unknown(),
    options: z.unknown(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, "nothing to change: send at least one field");

export type AgentPatch = z.output<typeof agentPatchSchema>;

export const CONNECTION_FIELDS = {
  remote: ["url", "timeoutMs", "options"],
  llm: ["baseURL", "model", "apiKeyEnv", "options"],
} as const;

/** The stored config of a connection: never a secret (remote agents' secrets are derived, see lib/security/master-key). */
export function storedConfig(connection: Connection): Record<string, unknown> {
  const { kind: _kind, ...rest } = connection;
  const fields = CONNECTION_FIELDS[connection.kind] as readonly string[];
  return Object.fromEntries(Object.entries(rest).filter(([key, value]) => fields.includes(key) && value !== undefined));
}
