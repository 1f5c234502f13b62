import "server-only";
import { ApiError } from "@/lib/api/http";
import { env } from "@/lib/env";

/** `/api/test/*` exists only when ARENA_TEST_API is on (end-to-end tests, benchmarks). */
export const testApiEnabled = () => env().ARENA_TEST_API;

/** Inside `route()`: answers 404 `not_found` while the test API is off, as if the route did not exist. */
export function requireTestApi(): void {
  if (!testApiEnabled()) throw new ApiError("not_found", "not found");
}
