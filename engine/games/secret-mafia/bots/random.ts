/** `random` for Secret Mafia: a uniformly random valid target, or a canned line in discussion; seeded from the request. */
import { decisionRng } from "../../../core/bot-rng";
import { type BotRequest, mafiaViewOf } from "./table";

export function randomMafiaDecision(seed: number, request: BotRequest): unknown {
  const view = mafiaViewOf(request);
  const rng = decisionRng(seed, request);
  if (request.kind === "discuss") {
    const others = view.players.filter((p) => p.alive && p.seat !== view.seat);
    const someone = rng.pick(others).seat;
    return {
      thought: "random",
      action: rng.pick([`I suspect Player ${someone}.`, `I trust Player ${someone}.`, "Nothing to add."]),
    };
  }
  const options = view.pending?.validTargets ?? [];
  return { thought: "random", action: options.length > 0 ? `[${rng.pick(options)}]` : "" };
}
