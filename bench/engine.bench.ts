import { Rng } from "../engine/core/rng";
import { ACTIONS, socialgrid, type SocialGridDecision, type SocialGridState } from "../engine/games/socialgrid";
import type { Figure } from "./index";

/**
 * SocialGrid engine speed: default 19×19 map, 7 players, oracle high, every live player's observation
 * built at every env step, trivial scripted decisions (uniformly random allowed movement/turn/task/door
 * actions, never kill/report/button; votes skip), so every episode runs the full 2,500 env steps.
 */
const EPISODES = 12;
const NEVER = new Set<number>([ACTIONS.KILL, ACTIONS.REPORT_DEADBODY, ACTIONS.CALL_DISCUSSION]);

function runEpisode(seed: number): number {
  const config = socialgrid.configSchema.parse({ oracle: "high" });
  let state: SocialGridState = socialgrid.setup(config, seed).state;
  const choose = Rng.seeded(seed ^ 0x5eed);
  let envSteps = 0;
  while (!socialgrid.isTerminal(state)) {
    const decisions: Record<number, SocialGridDecision> = {};
    const pending = socialgrid.pending(state);
    if (state.phase.kind === "task") {
      const views = state.players.map((p) => (p.alive ? socialgrid.playerView(state, p.seat) : null));
      for (const { seat } of pending) {
        const allowed = views[seat]!.allowedActions;
        let action = choose.pick(allowed);
        while (NEVER.has(action)) action = choose.pick(allowed);
        decisions[seat] = { kind: "act", actions: [action] };
      }
    } else {
      for (const { seat } of pending) decisions[seat] = socialgrid.fallbackDecision(state, seat);
    }
    const out = socialgrid.step(state, decisions);
    for (const e of out.events) if (e.type === "step") envSteps++;
    state = out.state;
  }
  return envSteps;
}

/** Median over episodes: the machine may be shared, and a median ignores bursts of contention. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<Figure[]> {
  runEpisode(1_000_000); // warm-up (JIT, caches of another map)
  const rates: number[] = [];
  const durations: number[] = [];
  for (let i = 0; i < EPISODES; i++) {
    const started = performance.now();
    const envSteps = runEpisode(i + 1);
    const elapsed = performance.now() - started;
    durations.push(elapsed);
    rates.push((envSteps / elapsed) * 1000);
  }
  return [
    { name: "engine.env_steps_per_s", value: median(rates), unit: "steps/s" },
    { name: "engine.episode_ms", value: median(durations), unit: "ms" },
  ];
}
