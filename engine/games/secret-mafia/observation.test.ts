import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Rng } from "../../core/rng";
import type { SecretMafiaConfigInput } from "./config";
import type { SecretMafiaDecision } from "./decisions";
import { secretMafia } from "./index";
import { secretMafiaObservationSchema } from "./observation";
import { randomReply } from "./testing";
import type { SecretMafiaPlayerView } from "./view";
import { judgeReply } from "../../core/module";
import { secretMafiaModule } from "./module";

const CONFIGS: SecretMafiaConfigInput[] = [
  {},
  { players: 8, discussionRounds: 1 },
  { players: 11, discussionRounds: 2 },
];
const SEEDS = [1, 2, 3];
/** Share of invalid targeted moves: warnings and eliminations for invalid moves appear in the views too. */
const INVALID_RATE = 0.25;

/** Names of the view variants seen, to prove the games exercised every optional part of the schema. */
function variants(view: SecretMafiaPlayerView): string[] {
  const seen = [`phase:${view.phase}`, `role:${view.role}`, `team:${view.team}`];
  if (view.pending) seen.push(`pending:${view.pending.kind}`);
  if (view.pending?.warned) seen.push("pending.warned");
  if (view.teammates.length > 0) seen.push("teammates");
  if (view.players.some((p) => !p.alive)) seen.push("players.dead");
  for (const m of view.history) {
    seen.push(
      `message:${m.observation}`,
      m.to === -1 ? "to:everyone" : "to:seats",
      m.from === -1 ? "from:game" : "from:player",
    );
  }
  if (view.result) seen.push("result");
  return seen;
}

interface Sweep {
  views: number;
  seen: Set<string>;
  /** Top-level field → number of views that had it. */
  keys: Map<string, number>;
}

function check(view: SecretMafiaPlayerView, sweep: Sweep): void {
  const parsed = secretMafiaObservationSchema.safeParse(view);
  if (!parsed.success) throw new Error(`${view.name} on day ${view.day}: ${z.prettifyError(parsed.error)}`);
  // A non-strict object strips unknown keys: a field missing from the schema would break the equality.
  expect(parsed.data).toEqual(view);
  sweep.views++;
  for (const v of variants(view)) sweep.seen.add(v);
  for (const k of Object.keys(view)) sweep.keys.set(k, (sweep.keys.get(k) ?? 0) + 1);
}

/** Plays one game to the end with random moves, some of them invalid (validated like an agent's). */
function sweepGame(config: SecretMafiaConfigInput, seed: number, sweep: Sweep): void {
  const rng = Rng.seeded(seed ^ 0x0b5);
  let state = secretMafia.setup(secretMafia.configSchema.parse(config), seed).state;
  for (let steps = 0; ; steps++) {
    for (const p of state.players) check(secretMafia.playerView(state, p.seat), sweep);
    if (secretMafia.isTerminal(state)) break;
    expect(steps).toBeLessThan(10_000);
    const decisions: Record<number, SecretMafiaDecision> = {};
    for (const { seat } of secretMafia.pending(state)) {
      const reply = randomReply(secretMafia.playerView(state, seat), rng, INVALID_RATE);
      const checked = judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, reply);
      decisions[seat] = checked.ok ? checked.decision : secretMafia.fallbackDecision(state, seat);
    }
    state = secretMafia.step(state, decisions).state;
  }
  expect(state.result).not.toBeNull();
}

let swept: Sweep | null = null;

function sweepAll(): Sweep {
  if (swept) return swept;
  const sweep: Sweep = { views: 0, seen: new Set(), keys: new Map() };
  for (const config of CONFIGS) for (const seed of SEEDS) sweepGame(config, seed, sweep);
  swept = sweep;
  return sweep;
}

describe("Secret Mafia observation schema", () => {
  it("matches every seat's view at every step of seeded random games, field for field", () => {
    const sweep = sweepAll();
    expect(sweep.views).toBeGreaterThan(1_000);
    expect([...sweep.seen]).toEqual(
      expect.arrayContaining([
        "from:game",
        "from:player",
        "message:game_admin",
        "message:game_message",
        "message:player_action",
        "message:prompt",
        "pending.warned",
        "pending:discuss",
        "pending:investigate",
        "pending:night_kill",
        "pending:protect",
        "pending:vote",
        "phase:day_discussion",
        "phase:day_voting",
        "phase:night_detective",
        "phase:night_doctor",
        "phase:night_mafia",
        "phase:over",
        "players.dead",
        "result",
        "role:Detective",
        "role:Doctor",
        "role:Mafia",
        "role:Villager",
        "team:Mafia",
        "team:Village",
        "teammates",
        "to:everyone",
        "to:seats",
      ]),
    );
  });

  it("rejects views with a wrong type and tolerates unknown fields", () => {
    const view = secretMafia.playerView(secretMafia.setup(secretMafia.configSchema.parse({}), 7).state, 0);
    expect(secretMafiaObservationSchema.safeParse(view).success).toBe(true);
    expect(secretMafiaObservationSchema.safeParse({ ...view, team: "villagers" }).success).toBe(false);
    expect(secretMafiaObservationSchema.safeParse({ ...view, phase: "night" }).success).toBe(false);
    const badMessage = { from: -1, to: -2, observation: "prompt", text: "" };
    expect(secretMafiaObservationSchema.safeParse({ ...view, history: [badMessage] }).success).toBe(false);
    expect(secretMafiaObservationSchema.parse({ ...view, future: 1 })).toEqual(view);
  });

  it("publishes as a JSON Schema object whose properties are exactly the view's fields", () => {
    const json = z.toJSONSchema(secretMafiaObservationSchema, { io: "input" }) as {
      type: string;
      description?: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(json.type).toBe("object");
    expect(json.description).toMatch(/Secret Mafia/);
    const sweep = sweepAll();
    const always = [...sweep.keys].filter(([, n]) => n === sweep.views).map(([k]) => k);
    expect(Object.keys(json.properties).sort()).toEqual([...sweep.keys.keys()].sort());
    expect([...json.required].sort()).toEqual(always.sort());
  });
});
