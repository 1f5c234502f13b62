import type { DecisionLog, GameDefinition, GameEvent } from "./game";

export interface ReplayResult<S, E extends GameEvent> {
  state: S;
  events: E[];
}

/**
 * Rebuilds a run from its config, seed and the decisions given to each `step` call, in order.
 * The config is parsed by the game's schema first, so a stored raw config works as well as a parsed one.
 */
export function replay<C, S, D, E extends GameEvent>(
  game: GameDefinition<C, S, D, E, unknown, unknown, unknown, string>,
  config: unknown,
  seed: number,
  decisions: DecisionLog<D>,
): ReplayResult<S, E> {
  const parsed = game.configSchema.parse(config);
  const start = game.setup(parsed, seed);
  let state = start.state;
  const events = [...start.events];
  for (const round of decisions) {
    const out = game.step(state, round);
    state = out.state;
    for (const event of out.events) events.push(event);
  }
  return { state, events };
}
