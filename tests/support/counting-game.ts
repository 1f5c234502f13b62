/**
 * A tiny deterministic game for runtime tests: every seat adds 1–3 to a shared total each round, in a
 * seeded order, with a seeded bonus; the seat that reaches the target wins. Each seat is dealt a secret
 * (only its own player may see it), so per-seat views have something to hide.
 */
import { z } from "zod";
import type { GameDefinition } from "@/engine/core/game";
import { type AnyGameModule, eventwiseView, HIDDEN_EVENT, llmThought, thoughtField } from "@/engine/core/module";
import { Rng, type RngState } from "@/engine/core/rng";
import type { Agent, AgentReply, DecisionRequest } from "@/lib/agents/types";
import type { RecordedTurn, ResumableAgent } from "@/lib/arena/session";

const configSchema = z.object({
  players: z.number().int().min(1).max(6).default(2),
  target: z.number().int().min(1).default(30),
});
type CountingConfig = z.infer<typeof configSchema>;

interface CountingState {
  config: CountingConfig;
  rng: RngState;
  round: number;
  total: number;
  secrets: number[];
  added: number[];
  winner: number | null;
}

type CountingDecision = { add: number };

export type CountingEvent =
  | { type: "start"; players: number; target: number }
  | { type: "deal"; seat: number; secret: number }
  | { type: "add"; round: number; seat: number; add: number; bonus: number; total: number }
  | { type: "end"; winner: number; total: number };

export interface CountingView {
  round: number;
  total: number;
  target: number;
  secret: number;
}

const decisionSchema = z.object({ add: z.number().int().min(1).max(3) });

export const countingGame: GameDefinition<
  CountingConfig,
  CountingState,
  CountingDecision,
  CountingEvent,
  CountingView
> = {
  rulesetVersion: "1",
  configSchema,
  setup(config, seed) {
    const rng = Rng.seeded(seed);
    const secrets = Array.from({ length: config.players }, () => rng.int(0, 99));
    const events: CountingEvent[] = [
      { type: "start", players: config.players, target: config.target },
      ...secrets.map((secret, seat) => ({ type: "deal" as const, seat, secret })),
    ];
    const state: CountingState = {
      config,
      rng: rng.state(),
      round: 0,
      total: 0,
      secrets,
      added: secrets.map(() => 0),
      winner: null,
    };
    return { state, events };
  },
  pending: (state) => (state.winner === null ? state.secrets.map((_, seat) => ({ seat, kind: "act" })) : []),
  validateDecision(_state, _seat, decision) {
    const parsed = decisionSchema.safeParse(decision);
    return parsed.success
      ? { ok: true, decision: parsed.data }
      : { ok: false, error: `expected { add: 1..3 }: ${parsed.error.message}` };
  },
  fallbackDecision: () => ({ add: 1 }),
  step(state, decisions) {
    const rng = Rng.from(state.rng);
    const order = rng.shuffle(state.secrets.map((_, seat) => seat));
    const round = state.round + 1;
    let total = state.total;
    const added = [...state.added];
    const events: CountingEvent[] = [];
    let winner: number | null = null;
    for (const seat of order) {
      const add = decisions[seat]?.add ?? 1;
      const bonus = rng.int(0, 1);
      total += add + bonus;
      added[seat] += add;
      events.push({ type: "add", round, seat, add, bonus, total });
      if (total >= state.config.target) {
        winner = seat;
        events.push({ type: "end", winner, total });
        break;
      }
    }
    return { state: { ...state, rng: rng.state(), round, total, added, winner }, events };
  },
  playerView: (state, seat) => ({
    round: state.round,
    total: state.total,
    target: state.config.target,
    secret: state.secrets[seat],
  }),
  spectatorView: (state) => state,
  isTerminal: (state) => state.winner !== null,
  result: (state) => (state.winner === null ? null : { winner: state.winner, total: state.total }),
};

const addReply = z.object({ thought: thoughtField, add: z.number().int().min(1).max(3) });

/** The counting game as a module: the least a game needs, plus a per-seat view and metrics. */
export const countingArena: AnyGameModule = {
  id: "counting",
  title: "Counting",
  summary: "Seats add 1 to 3 to a shared total; whoever reaches the target wins.",
  definition: countingGame,
  players: { min: 1, max: 6 },
  seats: (config: CountingConfig) => config.players,
  roles: [{ id: "player", label: "Player", plural: "Players", team: "players", description: "Counts." }],
  teams: [{ id: "players", label: "Players" }],
  roleOf: () => "player",
  playerName: (seat) => `Counter ${seat}`,
  summarize: (result: { winner: number; total: number }) => ({
    // The winner is a seat, not a side: on the leaderboard's terms nobody's team wins.
    winner: null,
    outcome: `seat ${result.winner} reached ${result.total}`,
    length: `${result.total} points`,
  }),
  decisions: {
    act: {
      description: "Add 1 to 3.",
      payload: z.object({ observation: z.looseObject({}) }),
      reply: addReply,
      llmReply: () => z.object({ thought: llmThought(), add: z.number().int().min(1).max(3) }),
      llmReplyKey: () => "act",
      decide: (reply: z.infer<typeof addReply>) => ({ ok: true, decision: { add: reply.add } }),
      exampleReply: () => ({ add: 1 }),
    },
  },
  agentOptions: z.strictObject({}),
  request: (state: CountingState, pending) => ({
    step: state.round + 1,
    payload: { observation: countingGame.playerView(state, pending.seat) },
    prompt: () => ({
      system: "You play Counting.",
      user: JSON.stringify(countingGame.playerView(state, pending.seat)),
    }),
  }),
  bots: {},
  board: { empty: () => null, apply: (board) => board },
  seatView: eventwiseView((event, seat) =>
    (event as CountingEvent).type === "deal" && (event as CountingEvent & { seat: number }).seat !== seat
      ? HIDDEN_EVENT
      : event,
  ),
  metrics(events: readonly CountingEvent[]) {
    const added: Record<string, number> = {};
    for (const e of events) if (e.type === "add") added[e.seat] = (added[e.seat] ?? 0) + e.add;
    return { added };
  },
  league: { fields: [] },
};

/** A reply whose decision is the output itself (these test agents answer in the decision's shape). */
const reply = (output: unknown, latencyMs = 0): AgentReply => ({ output, decision: output, latencyMs });
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** A deterministic player: its choice depends only on what it is asked. */
export function countingAgent(id: string, options: { delayMs?: number } = {}): Agent {
  return {
    id,
    kind: "builtin",
    async decide(request: DecisionRequest, signal?: AbortSignal) {
      if (options.delayMs) await sleep(options.delayMs, signal);
      const view = (request.payload as { observation: CountingView }).observation;
      return reply({ add: ((view.total + view.secret + request.seat) % 3) + 1 }, options.delayMs ?? 0);
    },
  };
}

/** A player with memory: it cycles through 1..3 starting from its own call count. */
export function rememberingAgent(id: string, options: { delayMs?: number } = {}): ResumableAgent {
  let calls = 0;
  return {
    id,
    kind: "builtin",
    restore(_turn: RecordedTurn) {
      calls += 1;
    },
    async decide(request: DecisionRequest, signal?: AbortSignal) {
      if (options.delayMs) await sleep(options.delayMs, signal);
      calls += 1;
      return reply({ add: ((calls + request.seat) % 3) + 1, thought: `call ${calls}` });
    },
  };
}

export function failingAgent(id: string): Agent {
  return {
    id,
    kind: "remote",
    decide: async () => ({
      output: undefined,
      latencyMs: 3,
      error: { kind: "http", message: "HTTP 500", raw: "oops" },
    }),
  };
}

export function invalidAgent(id: string): Agent {
  return { id, kind: "llm", decide: async () => reply({ add: 7 }, 1) };
}

export function hangingAgent(id: string): Agent {
  return { id, kind: "remote", decide: () => new Promise<AgentReply>(() => {}) };
}

export function throwingAgent(id: string): Agent {
  return {
    id,
    kind: "builtin",
    decide: async () => {
      throw new Error("bug in bot");
    },
  };
}
