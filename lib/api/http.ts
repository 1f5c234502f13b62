/**
 * What every route shares: errors as `{ error, code, fieldErrors? }` with a 4xx/5xx status, one id schema,
 * validated bodies and query strings, and a wrapper that turns anything unexpected into a logged 500
 * without leaking details.
 */
import "server-only";
import { z } from "zod";
import { createLogger } from "@/lib/arena/log";

export type FieldErrors = Record<string, string[]>;

/** Every error code the API answers with, and its status. */
export const API_ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

/** A stable, machine-readable name for an error (`error` is the human message and may change). */
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

const CODE_OF_STATUS = new Map<number, ApiErrorCode>(
  Object.entries(API_ERROR_STATUS).map(([code, status]) => [status, code as ApiErrorCode]),
);

/** The code of a status; a status without a code of its own gets `internal` (5xx) or `invalid_input`. */
export const codeOfStatus = (status: number): ApiErrorCode =>
  CODE_OF_STATUS.get(status) ?? (status >= 500 ? "internal" : "invalid_input");

/**
 * An error answered as `{ error: message, code, fieldErrors? }`. Give either a code (`"not_found"`; the
 * status follows from it) or a status (`404`; the code follows from it).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(
    statusOrCode: number | ApiErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = typeof statusOrCode === "number" ? statusOrCode : API_ERROR_STATUS[statusOrCode];
    this.code = typeof statusOrCode === "number" ? codeOfStatus(statusOrCode) : statusOrCode;
  }
}

/** The error body every route answers with. */
export interface ErrorBody {
  error: string;
  code: ApiErrorCode;
  fieldErrors?: FieldErrors;
}

const MAX_BODY_BYTES = 64 * 1024;

/** The one id schema of route params, query parameters and pages: 1-64 letters, digits, `_` or `-`. */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "an id is 1-64 letters, digits, _ or -");

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
  return new ApiError("invalid_input", `invalid ${what}: ${summary}`, fields);
}

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new ApiError("unsupported_media_type", "send the body as JSON with content-type: application/json");
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ApiError("payload_too_large", `the body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_input", "the body is not valid JSON");
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
  const body: ErrorBody = {
    error: error.message,
    code: error.code,
    ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
  };
  return Response.json(body, {
    status: error.status,
    headers: { "cache-control": "no-store", ...error.headers },
  });
}

let logger: ReturnType<typeof createLogger> | undefined;

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Every route handler goes through this: an `ApiError` becomes its coded body, anything else a logged 500. */
export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err);
      logger ??= createLogger("api");
      logger.error({ err, url: request.url, method: request.method }, "request failed");
      return errorResponse(new ApiError("internal", "internal error; the arena logged the details"));
    }
  };
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  Response.json(body, { ...init, headers: { "cache-control": "no-store", ...init.headers } });

/** The `[id]` route param, checked against `idSchema` (a 400 `invalid_input` otherwise). */
export async function idParam(context: { params: Promise<{ id: string }> }): Promise<string> {
  const parsed = idSchema.safeParse((await context.params).id);
  if (!parsed.success) throw new ApiError("invalid_input", `invalid id: ${parsed.error.issues[0].message}`);
  return parsed.data;
}
