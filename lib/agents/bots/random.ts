/**
 * `random`: the paper's chance baselines. A uniformly random allowed action; a uniformly random allowed
 * vote (skip included) and a uniformly random trust in [0,1] for every player. Stateless: every draw is
 * seeded from the request, so runs are reproducible and resumes need no memory. The talk games have
 * their own random policies (./talk.ts).
 */
import { ACTIONS } from "../../../engine/games/socialgrid/events";
import type { DecisionRequest } from "../types";
import { decisionRng } from "./seeded";
import { isTalkGame, talkDecision } from "./talk";
import { seatsOf, voteReply } from "./view";

export function randomDecision(seed: number, request: DecisionRequest): unknown {
  if (isTalkGame(request.game)) return talkDecision("random", seed, request);
  const rng = decisionRng(seed, request);
  switch (request.kind) {
    case "act": {
      const allowed = request.allowedActions?.length ? request.allowedActions : [ACTIONS.NOOP];
      return { thought: "random", action: rng.pick(allowed) };
    }
    case "vote": {
      const players = request.players ?? [];
      const vote = rng.pick<number | "skip">([...seatsOf(players), "skip"]);
      return voteReply("random", vote, () => rng.float(), players);
    }
    case "statement":
      return { thought: "random", statement: "I have nothing to report." };
    default:
      throw new Error(`unknown SocialGrid decision "${request.kind}"`);
  }
}
