/**
 * LLM agents over the OpenAI Chat Completions protocol (OpenAI, vLLM, Ollama, LM Studio…) with structured
 * output. An invalid reply gets exactly one retry that tells the model what was wrong.
 */
import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  Output,
  type LanguageModelUsage,
  type ModelMessage,
} from "ai";
import { z } from "zod";
import { agentError, decided, errorMessage, failedReply, okReply } from "./reply";
import type { Agent, AgentError, DecisionRequest, TokenUsage } from "./types";

export const llmAgentConfigSchema = z.object({
  kind: z.literal("llm"),
  id: z.string().min(1).optional(),
  /** e.g. https://api.openai.com/v1 or http://localhost:8000/v1 (vLLM). */
  baseURL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }),
  model: z.string().min(1),
  /**
   * Name of the environment variable holding the API key, read at call time. Restricted to `*_API_KEY`
   * names so a config cannot send some other server secret to its base URL. Omit for keyless local servers.
   */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*_API_KEY$/, "expected an environment variable name ending in _API_KEY")
    .optional(),
  temperature: z.number().min(0).max(2).default(0),
  maxOutputTokens: z.number().int().positive().optional(),
  timeoutMs: z.number().int().positive().default(240_000),
  /** Settings per game id, read by that game (SocialGrid: `{ oracle, macro }`); see `/api/games`. */
  options: z.record(z.string(), z.unknown()).optional(),
});

export type LlmAgentConfig = z.infer<typeof llmAgentConfigSchema>;

const RETRYABLE = new Set<AgentError["kind"]>(["parse", "schema", "illegal_action"]);

type Attempt = { ok: true; output: unknown; decision: unknown } | { ok: false; error: AgentError };

interface StructuredOutput {
  schema: z.ZodType;
  output: ReturnType<typeof Output.object>;
}

/**
 * Structured-output specs by request shape, shared by all LLM agents: building a zod schema and converting
 * it to JSON Schema cost more than everything else of a call's preparation, and a game asks few shapes.
 */
const structuredOutputs = new Map<string, StructuredOutput>();
const MAX_STRUCTURED_OUTPUTS = 512;

function structuredOutput(request: DecisionRequest): StructuredOutput {
  const key = `${request.game}\u0000${request.kind}\u0000${request.spec.llmReplyKey(request.payload)}`;
  let cached = structuredOutputs.get(key);
  if (!cached) {
    const schema = request.spec.llmReply(request.payload);
    cached = { schema, output: Output.object({ schema, name: `${request.kind}_reply` }) };
    if (structuredOutputs.size >= MAX_STRUCTURED_OUTPUTS)
      structuredOutputs.delete(structuredOutputs.keys().next().value!);
    structuredOutputs.set(key, cached);
  }
  return cached;
}

export function createLlmAgent(config: LlmAgentConfig): Agent {
  let client: { apiKey: string; model: ReturnType<ReturnType<typeof createOpenAI>["chat"]> } | null = null;
  const modelFor = (apiKey: string) => {
    if (client?.apiKey !== apiKey)
      client = { apiKey, model: createOpenAI({ baseURL: config.baseURL, apiKey }).chat(config.model) };
    return client.model;
  };

  async function decide(request: DecisionRequest, signal?: AbortSignal) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const apiKey = config.apiKeyEnv ? process.env[config.apiKeyEnv] : "none";
    if (!apiKey) return failedReply(agentError("config", `environment variable ${config.apiKeyEnv} is not set`), 0);

    const model = modelFor(apiKey);
    const { schema, output } = structuredOutput(request);
    const timeoutMs = Math.min(config.timeoutMs, request.deadlineMs);
    const deadline = AbortSignal.timeout(timeoutMs);
    const abortSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const messages: ModelMessage[] = [{ role: "user", content: request.prompt.user }];

    const attempt = async (): Promise<Attempt> => {
      try {
        const result = await generateText({
          model,
          system: request.prompt.system,
          messages,
          output,
          temperature: config.temperature,
          maxOutputTokens: config.maxOutputTokens,
          maxRetries: 0,
          abortSignal,
        });
        addUsage(usage, result.usage);
        messages.push({ role: "assistant", content: result.text });
        const checked = decided(request, result.output);
        return checked.ok
          ? { ok: true, output: result.output, decision: checked.decision }
          : { ok: false, error: agentError(checked.error.kind, checked.error.message, result.text) };
      } catch (err) {
        if (NoObjectGeneratedError.isInstance(err)) {
          addUsage(usage, err.usage);
          messages.push({ role: "assistant", content: err.text ?? "" });
          return { ok: false, error: invalidOutputError(err.text ?? "", schema) };
        }
        if (deadline.aborted) return { ok: false, error: agentError("timeout", `no reply within ${timeoutMs} ms`) };
        if (signal?.aborted) return { ok: false, error: agentError("timeout", "aborted by the caller") };
        return { ok: false, error: callError(err) };
      }
    };

    let outcome = await attempt();
    if (!outcome.ok && RETRYABLE.has(outcome.error.kind)) {
      messages.push({ role: "user", content: retryPrompt(outcome.error) });
      outcome = await attempt();
    }
    return outcome.ok
      ? okReply(outcome.output, outcome.decision, elapsed(), usage)
      : failedReply(outcome.error, elapsed(), usage);
  }

  return {
    id: config.id ?? `llm:${config.model}`,
    kind: "llm",
    ...(config.options && { options: config.options }),
    decide,
  };
}

export function retryPrompt(error: AgentError): string {
  return (
    `Your previous reply was rejected (${error.kind}): ${error.message}\n` +
    "Answer again with only a JSON object that matches the required schema."
  );
}

/** Names what is wrong with text the SDK could not turn into a schema-valid object. */
function invalidOutputError(text: string, schema: z.ZodType): AgentError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return agentError("parse", `the reply is not valid JSON (${errorMessage(err)})`, text);
  }
  const parsed = schema.safeParse(json);
  const problem = parsed.success ? "unexpected format" : z.prettifyError(parsed.error);
  return agentError("schema", `the reply does not match the schema: ${problem}`, text);
}

function callError(err: unknown): AgentError {
  if (APICallError.isInstance(err) && err.statusCode !== undefined) {
    return agentError("http", `HTTP ${err.statusCode}: ${err.message}`, err.responseBody);
  }
  return agentError("network", errorMessage(err));
}

function addUsage(total: TokenUsage, usage: LanguageModelUsage | undefined): void {
  total.inputTokens += usage?.inputTokens ?? 0;
  total.outputTokens += usage?.outputTokens ?? 0;
}
