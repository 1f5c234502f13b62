/**
 * `arena-random`: a stateless built-in bot that plays any SocialGrid decision at random from what is
 * allowed. It seeds its choice from (episode, step, seat, kind), so a resumed episode asks it the same
 * questions and gets the same answers. A baseline, and the demo's players until the scripted bots exist.
 */
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

/** A small deterministic generator (FNV-1a of the request's key, then mulberry32). */
function drawFor(request: DecisionRequest, seed: number): () => number {
  const key = `${seed}:${request.episodeId}:${request.step}:${request.seat}:${request.kind}`;
  let state = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) state = Math.imul(state ^ key.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
