import type { DecisionLog } from "../../core/game";
import { Rng } from "../../core/rng";
import { secretMafiaConfigSchema, type SecretMafiaConfigInput } from "./config";
import type { SecretMafiaDecision } from "./decisions";
import type { SecretMafiaEvent } from "./events";
import { secretMafia } from "./index";
import type { SecretMafiaState } from "./state";
import type { SecretMafiaPlayerView } from "./view";
import { judgeReply } from "../../core/module";
import { secretMafiaModule } from "./module";

/** Words for random discussion: no role names, so a leak test can search views for them. */
const VOCABULARY = [
  "I",
  "think",
  "we",
  "should",
  "watch",
  "quiet",
  "vote",
  "trust",
  "nobody",
  "today",
  "suspicious",
  "calm",
];

/** A random reply to whatever the view asks; with probability `invalidRate` a move that names no valid target. */
export function randomReply(view: SecretMafiaPlayerView, rng: Rng, invalidRate = 0): { action: string } {
  const pending = view.pending!;
  if (pending.kind === "discuss") {
    return { action: Array.from({ length: rng.int(1, 12) }, () => rng.pick(VOCABULARY)).join(" ") };
  }
  if (rng.float() < invalidRate) return { action: rng.pick(["I pass", "[99]", "Player seven", ""]) };
  const target = rng.pick(pending.validTargets);
  return {
    action: rng.pick([
      `[${target}]`,
      `[Player ${target}]`,
      `I vote for [player ${target}] now`,
      `[Player ${view.seat}] [${target}]`,
    ]),
  };
}

export interface PlayedGame {
  state: SecretMafiaState;
  events: SecretMafiaEvent[];
  decisions: DecisionLog<SecretMafiaDecision>;
  steps: number;
}

export function playRandomGame(
  seed: number,
  config: SecretMafiaConfigInput = {},
  invalidRate = 0.1,
  maxSteps = 10_000,
): PlayedGame {
  const rng = Rng.seeded(seed ^ 0x5eed);
  const start = secretMafia.setup(secretMafiaConfigSchema.parse(config), seed);
  let state = start.state;
  const events = [...start.events];
  const decisions: Array<Record<number, SecretMafiaDecision>> = [];
  let steps = 0;
  while (!secretMafia.isTerminal(state) && steps < maxSteps) {
    const round: Record<number, SecretMafiaDecision> = {};
    for (const { seat } of secretMafia.pending(state)) {
      const check = judgeReply<SecretMafiaDecision>(
        secretMafiaModule,
        state,
        seat,
        randomReply(secretMafia.playerView(state, seat), rng, invalidRate),
      );
      round[seat] = check.ok ? check.decision : secretMafia.fallbackDecision(state, seat);
    }
    decisions.push(round);
    const out = secretMafia.step(state, round);
    state = out.state;
    events.push(...out.events);
    steps++;
  }
  return { state, events, decisions, steps };
}
