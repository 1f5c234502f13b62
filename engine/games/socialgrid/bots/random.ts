/**
 * `random`: the paper's chance baselines. A uniformly random allowed action; a uniformly random allowed
 * vote (skip included) and a uniformly random trust in [0,1] for every player. Stateless: every draw is
 * seeded from the request, so runs are reproducible and resumes need no memory.
 */
import { ACTIONS } from "../events";
import { decisionRng } from "../../../core/bot-rng";
import { type BotRequest, playersOf, seatsOf, voteReply } from "./view";

export function randomDecision(seed: number, request: BotRequest): unknown {
  const rng = decisionRng(seed, request);
  switch (request.kind) {
    case "act": {
      const allowed = "allowed_actions" in request.payload ? request.payload.allowed_actions : [];
      return { thought: "random", action: rng.pick(allowed.length > 0 ? allowed : [ACTIONS.NOOP]) };
    }
    case "vote": {
      const players = playersOf(request);
      const vote = rng.pick<number | "skip">([...seatsOf(players), "skip"]);
      return voteReply("random", vote, () => rng.float(), players);
    }
    case "statement":
      return { thought: "random", statement: "I have nothing to report." };
    default:
      throw new Error(`unknown SocialGrid decision "${request.kind}"`);
  }
}
