/**
 * A local server speaking the OpenAI Chat Completions protocol (POST /v1/chat/completions, non-streaming),
 * so tests and benchmarks drive the real `@ai-sdk/openai` client over real HTTP.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "developer" | "tool";
  content: string | Array<{ type: string; text?: string }>;
}

/** The request body as sent by the client (only the fields the tests look at are typed). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  [key: string]: unknown;
}

export type FakeReply =
  /** A normal completion whose message content is `content`. */
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number }
  /** An HTTP error response with an OpenAI-style error body. */
  | { status: number; message?: string; delayMs?: number };

export type ChatHandler = (request: ChatRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAI {
  /** Base URL to give `createOpenAI({ baseURL })`, ending in `/v1`. */
  baseURL: string;
  /** Every chat request received, in arrival order. */
  requests: ChatRequest[];
  /** Authorization headers received, in arrival order. */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

export interface FakeOpenAIOptions {
  /** Added before every reply (the benchmark's fixed latency L). */
  latencyMs?: number;
}

/** Text of a message whether the client sent a string or content parts. */
export function messageText(message: ChatMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.map((part) => part.text ?? "").join("");
}

/** Replies in order from a list; the last one repeats if more requests arrive. */
export function sequence(...replies: FakeReply[]): ChatHandler {
  return (_request, index) => replies[Math.min(index, replies.length - 1)];
}

export async function startFakeOpenAI(handler: ChatHandler, options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: ChatRequest[] = [];
  const authorizations: Array<string | undefined> = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    const index = requests.push(request) - 1;
    authorizations.push(req.headers.authorization);
    const reply = await handler(request, index);

    const delayMs = (options.latencyMs ?? 0) + (reply.delayMs ?? 0);
    if (delayMs > 0) {
      const aborted = await delayUnlessClosed(delayMs, res);
      if (aborted) return;
    }

    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: reply.message ?? "fake error", type: "server_error" } }));
      return;
    }
    const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${index}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    close: () => closeServer(server),
  };
}

/** Waits `ms`; resolves true early if the client went away (so slow replies do not outlive their test). */
function delayUnlessClosed(ms: number, res: http.ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off("close", onClose);
      resolve(false);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    res.once("close", onClose);
  });
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
}
