/** The talk games' built-in policies by game id. Both are stateless: every answer follows from the request. */
import type { DecisionRequest } from "../types";
import { randomMafiaDecision } from "./secret-mafia/random";
import { scriptedMafiaDecision } from "./secret-mafia/scripted";
import { randomWerewolfDecision } from "./werewolf/random";
import { scriptedWerewolfDecision } from "./werewolf/scripted";

type Policy = (seed: number, request: DecisionRequest) => unknown;

const talkPolicies: Record<string, { random: Policy; scripted: Policy }> = {
  werewolf: { random: randomWerewolfDecision, scripted: scriptedWerewolfDecision },
  "secret-mafia": { random: randomMafiaDecision, scripted: scriptedMafiaDecision },
};

export const isTalkGame = (game: string): boolean => Object.hasOwn(talkPolicies, game);

export function talkDecision(policy: "random" | "scripted", seed: number, request: DecisionRequest): unknown {
  if (!isTalkGame(request.game)) throw new Error(`no built-in policy for game "${request.game}"`);
  return talkPolicies[request.game][policy](seed, request);
}
