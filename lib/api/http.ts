/**
 * What every JSON route shares: errors as `{ error, fieldErrors? }` with a 4xx status, validated bodies and
 * query strings, and a wrapper that turns anything unexpected into a logged 500 without leaking details.
 */
import { z } from "zod";
import { createLogger } from "@/lib/arena/log";

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

/** zod issues keyed by dotted path ("remote.url"); issues without a path go under "" . */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function invalid(error: z.ZodError, what: string): ApiError {
  const fields = fieldErrorsOf(error);
  const summary = Object.entries(fields)
    .map(([key, messages]) => (key ? `${key}: ${messages[0]}` : messages[0]))
    .join("; ");
  return new ApiError(400, `invalid ${what}: ${summary}`, fields);
}

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new ApiError(415, "send the body as JSON with content-type: application/json");
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError(413, `the body exceeds ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "the body is not valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, "body");
  return parsed.data;
}

/** Query parameters as an object of strings (a repeated parameter keeps its last value). */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw invalid(parsed.error, "query");
  return parsed.data;
}

export function errorResponse(error: ApiError): Response {
  return Response.json(
    { error: error.message, ...(error.fieldErrors && { fieldErrors: error.fieldErrors }) },
    { status: error.status, headers: { "cache-control": "no-store", ...error.headers } },
  );
}

let logger: ReturnType<typeof createLogger> | undefined;

type Handler<C> = (request: Request, context: C) => Promise<Response>;

export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err);
      logger ??= createLogger("api");
      logger.error({ err, url: request.url, method: request.method }, "request failed");
      return errorResponse(new ApiError(500, "internal error; the arena logged the details"));
    }
  };
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  Response.json(body, { ...init, headers: { "cache-control": "no-store", ...init.headers } });

/** Route params of a dynamic segment (`[id]`): short ids of letters, digits, `_` and `-` only. */
export async function idParam(context: { params: Promise<{ id: string }> }): Promise<string> {
  const { id } = await context.params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(400, "invalid id");
  return id;
}
