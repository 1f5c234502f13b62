import { expect, type APIRequestContext } from "@playwright/test";

export interface EpisodeSpec {
  game?: string;
  config?: Record<string, unknown>;
  seed?: number;
  /** Paced (DEMO_STEP_MS per round), so it stays live for a while. */
  demo?: boolean;
}

/** An episode of built-in bots through the test API (ARENA_TEST_API=1); its id. */
export async function createEpisode(request: APIRequestContext, spec: EpisodeSpec): Promise<string> {
  const res = await request.post("/api/test/episodes", { data: spec });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
