/**
 * Plays one game in memory with built-in bots, straight on the engine: no database, no prompts rendered.
 * For tests, evaluations and baselines; the arena's runner plays stored episodes with the same requests.
 */
import type { GameEvent } from "./game";
import { type AnyGameModule, type Bot, decodeReply, type SeatRequest, seatRequest } from "./module";

export interface LocalPlay {
  config: unknown;
  seed: number;
  /** Default: `local-<seed>` (bots seed their draws with it). */
  episodeId?: string;
  /** The bot of a seat, chosen once roles are dealt. */
  botFor(seat: number, role: string): Bot;
}

export interface LocalPlayResult<S> {
  events: GameEvent[];
  state: S;
  /** Every request each seat was asked, in order. */
  requests: SeatRequest[][];
  /** Replies that were unusable (their seats got the engine's fallback). */
  failures: number;
}

export function playLocally<S>(module: AnyGameModule, play: LocalPlay): LocalPlayResult<S> {
  const { definition } = module;
  const config = definition.configSchema.parse(play.config);
  const setup = definition.setup(config, play.seed);
  let state = setup.state as S;
  const events: GameEvent[] = [...setup.events];
  const seats = module.seats(config);
  const bots = Array.from({ length: seats }, (_, seat) => play.botFor(seat, module.roleOf(state, seat)));
  const requests: SeatRequest[][] = bots.map(() => []);
  const episodeId = play.episodeId ?? `local-${play.seed}`;
  let failures = 0;
  for (let round = 1; !definition.isTerminal(state); round++) {
    const decisions: Record<number, unknown> = {};
    for (const pending of definition.pending(state)) {
      const { request } = seatRequest(module, state, pending, { episodeId, round });
      requests[pending.seat].push(request);
      const bot = bots[pending.seat];
      bot.observe?.(request);
      const decoded = decodeReply(module.decisions[pending.kind], pending.kind, bot.choose(request), request.payload);
      const check = decoded.ok ? definition.validateDecision(state, pending.seat, decoded.decision) : null;
      if (check?.ok) decisions[pending.seat] = check.decision;
      else failures++;
    }
    const out = definition.step(state, decisions);
    state = out.state as S;
    for (const event of out.events) events.push(event);
  }
  return { events, state, requests, failures };
}
