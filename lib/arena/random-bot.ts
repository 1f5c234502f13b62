/**
 * `arena-random`: a stateless built-in bot that plays any SocialGrid decision at random from what is
 * allowed. It seeds its choice from (episode, step, seat, kind), so a resumed episode asks it the same
 * questions and gets the same answers. A baseline, and the demo's players until the scripted bots exist.
 */
import { createHash } from "node:crypto";
import { builtinAgent } from "@/lib/agents/builtins";
import type { Agent, DecisionRequest } from "@/lib/agents/types";

export const RANDOM_BOT = "arena-random";

export function randomBot(id: string, seed = 0): Agent {
  return builtinAgent(id, (request) => {
    const draw = drawFor(request, seed);
    switch (request.kind) {
      case "act": {
        const allowed = request.allowedActions?.length ? request.allowedActions : [7];
        return { thought: "random", action: allowed[Math.floor(draw() * allowed.length)] };
      }
      case "vote": {
        const players = request.players ?? [];
        const options = [...players, "skip"];
        const trust = Object.fromEntries(players.map((name) => [name, Math.round(draw() * 100) / 100]));
        return { thought: "random", vote: options[Math.floor(draw() * options.length)], trust_scores: trust, statement: null };
      }
      case "statement":
        return { thought: "random", statement: "I have nothing to report." };
    }
  });
}

/** A small deterministic generator keyed by the request. */
function drawFor(request: DecisionRequest, seed: number): () => number {
  const digest = createHash("sha256").update(`${seed}:${request.episodeId}:${request.step}:${request.seat}:${request.kind}`).digest();
  let i = 0;
  return () => {
    const value = digest.readUInt32BE((i % 7) * 4) / 2 ** 32;
    i += 1;
    return value;
  };
}
