import { env } from "@/lib/env";

/** `/api/test/*` exists only when ARENA_TEST_API is on (end-to-end tests, benchmarks). */
export const testApiEnabled = () => env().ARENA_TEST_API;

export const testApiDisabled = () => Response.json({ error: "not found" }, { status: 404 });
