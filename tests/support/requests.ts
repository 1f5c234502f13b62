/** Decision requests for agent tests: real SocialGrid example requests with the payload fields a test pins down. */
import type { ActPayload, StatementPayload, VotePayload } from "@/engine/games/socialgrid/replies";
import { testRequest } from "@/lib/agents/test-call";
import type { DecisionRequest } from "@/lib/agents/types";

function socialGridRequest<P>(kind: string, payload: Partial<P> = {}): DecisionRequest {
  const base = testRequest("socialgrid", kind);
  if (typeof base === "string") throw new Error(base);
  return { ...base, payload: { ...(base.payload as P), ...payload } };
}

export const SAMPLE_REQUESTS = {
  act: socialGridRequest<ActPayload>("act", { allowed_actions: [0, 1, 2, 3, 4, 5, 6, 7, 9, 12], max_actions: 1 }),
  vote: socialGridRequest<VotePayload>("vote", { players: ["Player_0", "Player_3", "Player_4"] }),
  statement: socialGridRequest<StatementPayload>("statement"),
};

/** The act request with another payload (e.g. a macro of up to `max_actions`). */
export const actRequest = (payload: Partial<ActPayload>): DecisionRequest => socialGridRequest("act", payload);
