import type { DecisionLog } from "../../core/game";
import { Rng } from "../../core/rng";
import { werewolfConfigSchema, type WerewolfConfigInput } from "./config";
import type { WerewolfDecision } from "./decisions";
import { DECEPTION_TYPES, type WerewolfEvent } from "./events";
import { werewolf } from "./index";
import type { WerewolfState } from "./state";
import type { WerewolfPlayerView } from "./view";
import { judgeReply } from "../../core/module";
import { werewolfModule } from "./module";

/** Words for random statements: no role names, so a leak test can search views for them. */
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

/** A random but well-formed reply (wire shape) to whatever the view asks; `tag` marks private free text. */
export function randomReply(view: WerewolfPlayerView, rng: Rng, tag = ""): Record<string, unknown> {
  const pending = view.pending!;
  const name = (seat: number) => view.players[seat].name;
  const options = pending.options ?? [];
  const words = (count: number) => Array.from({ length: count }, () => rng.pick(VOCABULARY)).join(" ");
  const analysis = {
    is_deceptive: rng.int(0, 1),
    confidence: rng.float(),
    deception_type: rng.pick(DECEPTION_TYPES),
    reasoning: `${tag} ${words(3)}`,
  };
  switch (pending.kind) {
    case "night_kill":
      return { target: name(rng.pick(options)), message: `${tag} ${words(4)}` };
    case "protect":
    case "unmask":
      return { target: name(rng.pick(options)) };
    case "bid":
      return { bid: rng.int(0, view.facts.maxBid) };
    case "statement": {
      const mention = name(rng.pick(view.players.filter((p) => p.alive)).seat);
      return { statement: `${words(rng.int(0, 12))} ${mention} ${words(rng.int(0, 14))}` };
    }
    case "self_analysis":
      return analysis;
    case "peer_analysis":
      return { ...analysis, suspicion_level: rng.float() };
    case "vote": {
      const suspect = [...options].sort((a, b) => view.suspicion[b] - view.suspicion[a])[0];
      return { vote: name(rng.int(0, 9) < 7 ? suspect : rng.pick(options)), reasoning: words(5) };
    }
  }
}

export interface PlayedGame {
  state: WerewolfState;
  events: WerewolfEvent[];
  decisions: DecisionLog<WerewolfDecision>;
  steps: number;
}

/** Plays a whole game with random replies (validated like an agent's, so invalid ones would fall back). */
export function playRandomGame(seed: number, config: WerewolfConfigInput = {}, maxSteps = 5_000): PlayedGame {
  const rng = Rng.seeded(seed ^ 0x5eed);
  const start = werewolf.setup(werewolfConfigSchema.parse(config), seed);
  let state = start.state;
  const events = [...start.events];
  const decisions: Array<Record<number, WerewolfDecision>> = [];
  let steps = 0;
  while (!werewolf.isTerminal(state) && steps < maxSteps) {
    const round: Record<number, WerewolfDecision> = {};
    for (const { seat } of werewolf.pending(state)) {
      const check = judgeReply<WerewolfDecision>(
        werewolfModule,
        state,
        seat,
        randomReply(werewolf.playerView(state, seat), rng, `secret${seat}`),
      );
      round[seat] = check.ok ? check.decision : werewolf.fallbackDecision(state, seat);
    }
    decisions.push(round);
    const out = werewolf.step(state, round);
    state = out.state;
    events.push(...out.events);
    steps++;
  }
  return { state, events, decisions, steps };
}
