/** `random` for Werewolf: uniformly random targets, bids, canned statements and analyses, seeded from the request. */
import { decisionRng } from "../../../core/bot-rng";
import { DECEPTION_TYPES } from "../events";
import { type BotRequest, choicesOf, werewolfViewOf } from "./table";

export function randomWerewolfDecision(seed: number, request: BotRequest): unknown {
  const view = werewolfViewOf(request);
  const rng = decisionRng(seed, request);
  const someone = () => rng.pick(view.players.filter((p) => p.alive && p.seat !== view.seat)).name;
  const analysis = () => {
    const deceptive = rng.int(0, 1);
    return {
      thought: "random",
      is_deceptive: deceptive,
      confidence: rng.float(),
      deception_type: deceptive ? rng.pick(DECEPTION_TYPES.slice(1)) : "none",
      reasoning: "random",
    };
  };
  switch (request.kind) {
    case "night_kill":
      return { thought: "random", target: rng.pick(choicesOf(request)), message: "" };
    case "protect":
    case "unmask":
      return { thought: "random", target: rng.pick(choicesOf(request)) };
    case "bid":
      return { thought: "random", bid: rng.int(0, view.facts.maxBid) };
    case "statement":
      return {
        thought: "random",
        statement: rng.pick([`I suspect ${someone()}.`, `I trust ${someone()}.`, "I have nothing to add."]),
      };
    case "self_analysis":
      return analysis();
    case "peer_analysis":
      return { ...analysis(), suspicion_level: rng.float() };
    case "vote":
      return { thought: "random", vote: rng.pick(choicesOf(request)), reasoning: "random" };
    default:
      throw new Error(`unknown Werewolf decision "${request.kind}"`);
  }
}
