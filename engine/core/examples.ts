/**
 * Example requests for the docs, `/api/games` and agent test calls: real requests of a seeded game played by
 * the module's first built-in bot until a seat must make the wanted kind of decision.
 */
import { type AnyGameModule, decodeReply, type SeatPrompt, type SeatRequest, seatRequest } from "./module";

export const EXAMPLE_EPISODE = "example";
const MAX_ROUNDS = 5_000;

export interface ExampleRequest {
  request: SeatRequest;
  prompt: SeatPrompt;
  /** The kind's example reply to this request. */
  reply: unknown;
}

const cache = new WeakMap<AnyGameModule, Map<string, ExampleRequest>>();

export function exampleRequest(module: AnyGameModule, kind: string): ExampleRequest {
  let byKind = cache.get(module);
  if (!byKind) cache.set(module, (byKind = new Map()));
  const cached = byKind.get(kind);
  if (cached) return cached;

  const spec = module.decisions[kind];
  if (!spec) throw new Error(`${module.title} has no "${kind}" decision`);
  const { definition } = module;
  let state = definition.setup(definition.configSchema.parse(module.exampleConfig ?? {}), 1).state;
  const bot = Object.values(module.bots)[0].create(1);
  for (let round = 1; round <= MAX_ROUNDS && !definition.isTerminal(state); round++) {
    const pending = definition.pending(state);
    const asked = pending.find((p) => p.kind === kind);
    if (asked) {
      const { request, prompt } = seatRequest(module, state, asked, { episodeId: EXAMPLE_EPISODE, round });
      const example: ExampleRequest = { request, prompt: prompt(), reply: spec.exampleReply(request.payload) };
      byKind.set(kind, example);
      return example;
    }
    const decisions: Record<number, unknown> = {};
    for (const p of pending) {
      const { request } = seatRequest(module, state, p, { episodeId: EXAMPLE_EPISODE, round });
      const decoded = decodeReply(module.decisions[p.kind], p.kind, bot.choose(request), request.payload);
      decisions[p.seat] = decoded.ok ? decoded.decision : definition.fallbackDecision(state, p.seat);
    }
    state = definition.step(state, decisions).state;
  }
  throw new Error(`no "${kind}" decision in ${module.title}'s example game`);
}
