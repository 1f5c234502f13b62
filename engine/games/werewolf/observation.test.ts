import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Rng } from "../../core/rng";
import type { WerewolfConfigInput } from "./config";
import type { WerewolfDecision } from "./decisions";
import { werewolf } from "./index";
import { werewolfObservationSchema } from "./observation";
import { randomReply } from "./testing";
import type { WerewolfPlayerView } from "./view";
import { judgeReply } from "../../core/module";
import { werewolfModule } from "./module";

const CONFIGS: WerewolfConfigInput[] = [
  {},
  { werewolves: 1, seer: 0, doctor: 1, villagers: 3, deceptionAnalysis: false, statementsPerDay: 3 },
  { werewolves: 3, villagers: 5, mentionBias: false, statementsPerDay: 4, maxRounds: 3 },
  { werewolves: 1, villagers: 2, maxRounds: 2, maxStatementWords: 5, suspicionInVotePrompt: false },
];
const SEEDS = [1, 2, 3, 4];

/** Names of the view variants seen, to prove the games exercised every optional part of the schema. */
function variants(view: WerewolfPlayerView): string[] {
  const seen = [`phase:${view.phase}`, `role:${view.role}`];
  if (view.pending) seen.push(`pending:${view.pending.kind}`);
  if (view.pending?.options) seen.push("pending.options");
  if (view.pending?.statement) seen.push("pending.statement");
  for (const entry of view.record) seen.push(`record:${entry.type}`);
  if (view.record.some((e) => e.type === "statement" && e.truncated)) seen.push("record.truncated");
  if (view.record.some((e) => e.type === "vote" && Object.values(e.ballots).includes(null))) seen.push("ballot:null");
  if (view.players.some((p) => p.seat !== view.seat && p.knownRole !== null)) seen.push("knownRole:other");
  if (view.packChat.length > 0) seen.push("packChat");
  if (view.investigations.length > 0) seen.push("investigations");
  if (view.protections.length > 0) seen.push("protections");
  for (const a of view.analyses) {
    seen.push("suspicion_level" in a.analysis ? "analysis:peer" : "analysis:self");
    if (a.analysis.fallback) seen.push("analysis.fallback");
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

function check(view: WerewolfPlayerView, sweep: Sweep): void {
  const parsed = werewolfObservationSchema.safeParse(view);
  if (!parsed.success) throw new Error(`${view.name} in round ${view.round}: ${z.prettifyError(parsed.error)}`);
  // A non-strict object strips unknown keys: a field missing from the schema would break the equality.
  expect(parsed.data).toEqual(view);
  sweep.views++;
  for (const v of variants(view)) sweep.seen.add(v);
  for (const k of Object.keys(view)) sweep.keys.set(k, (sweep.keys.get(k) ?? 0) + 1);
}

/** Plays one game to the end with random replies (some left out, so the engine's fallbacks appear too). */
function sweepGame(config: WerewolfConfigInput, seed: number, sweep: Sweep): void {
  const rng = Rng.seeded(seed ^ 0x0b5);
  let state = werewolf.setup(werewolf.configSchema.parse(config), seed).state;
  for (let steps = 0; ; steps++) {
    for (const p of state.players) check(werewolf.playerView(state, p.seat), sweep);
    if (werewolf.isTerminal(state)) break;
    expect(steps).toBeLessThan(5_000);
    const decisions: Record<number, WerewolfDecision> = {};
    for (const { seat } of werewolf.pending(state)) {
      if (rng.float() < 0.05) continue;
      const reply = randomReply(werewolf.playerView(state, seat), rng, `s${seat}`);
      const checked = judgeReply<WerewolfDecision>(werewolfModule, state, seat, reply);
      decisions[seat] = checked.ok ? checked.decision : werewolf.fallbackDecision(state, seat);
    }
    state = werewolf.step(state, decisions).state;
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

describe("Werewolf observation schema", () => {
  it("matches every seat's view at every step of seeded random games, field for field", () => {
    const sweep = sweepAll();
    expect(sweep.views).toBeGreaterThan(1_000);
    expect([...sweep.seen]).toEqual(
      expect.arrayContaining([
        "analysis.fallback",
        "analysis:peer",
        "analysis:self",
        "ballot:null",
        "investigations",
        "knownRole:other",
        "packChat",
        "pending.options",
        "pending.statement",
        "pending:bid",
        "pending:night_kill",
        "pending:peer_analysis",
        "pending:protect",
        "pending:self_analysis",
        "pending:statement",
        "pending:unmask",
        "pending:vote",
        "phase:analysis",
        "phase:bid",
        "phase:night",
        "phase:over",
        "phase:statement",
        "phase:vote",
        "protections",
        "record.truncated",
        "record:game_end",
        "record:night",
        "record:statement",
        "record:vote",
        "result",
        "role:Doctor",
        "role:Seer",
        "role:Villager",
        "role:Werewolf",
      ]),
    );
  });

  it("rejects views with a wrong type and tolerates unknown fields", () => {
    const view = werewolf.playerView(werewolf.setup(werewolf.configSchema.parse({}), 7).state, 0);
    expect(werewolfObservationSchema.safeParse(view).success).toBe(true);
    expect(werewolfObservationSchema.safeParse({ ...view, role: "Mafia" }).success).toBe(false);
    expect(werewolfObservationSchema.safeParse({ ...view, seat: 0.5 }).success).toBe(false);
    expect(werewolfObservationSchema.safeParse({ ...view, result: undefined }).success).toBe(false);
    expect(werewolfObservationSchema.safeParse({ ...view, record: [{ type: "night", round: 1 }] }).success).toBe(false);
    expect(werewolfObservationSchema.parse({ ...view, future: 1 })).toEqual(view);
  });

  it("publishes as a JSON Schema object whose properties are exactly the view's fields", () => {
    const json = z.toJSONSchema(werewolfObservationSchema, { io: "input" }) as {
      type: string;
      description?: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(json.type).toBe("object");
    expect(json.description).toMatch(/Werewolf/);
    const sweep = sweepAll();
    const always = [...sweep.keys].filter(([, n]) => n === sweep.views).map(([k]) => k);
    expect(Object.keys(json.properties).sort()).toEqual([...sweep.keys.keys()].sort());
    expect([...json.required].sort()).toEqual(always.sort());
  });
});
