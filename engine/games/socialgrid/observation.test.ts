import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Rng } from "../../core/rng";
import type { SocialGridConfigInput } from "./config";
import type { SocialGridDecision } from "./decisions";
import { ACTIONS } from "./events";
import { randomDecision } from "./fixtures";
import { allowedActions, socialgrid } from "./index";
import { socialGridObservationSchema } from "./observation";
import type { SocialGridState } from "./state";
import type { PlayerView } from "./view";

const SMALL = {
  roomSize: 8,
  layout: { rows: 1, cols: 2 },
  players: 4,
  impostors: 1,
  killCooldown: 0,
  voteEvery: 12,
  maxSteps: 50,
} satisfies SocialGridConfigInput;

/** Every oracle level, macro and single-action mode, silent and discussed votes, both observation modes. */
const CONFIGS: SocialGridConfigInput[] = [
  { ...SMALL, oracle: "high", discussionRounds: 1 },
  { ...SMALL, oracle: "high", macroMode: true, maxMacroActions: 3, observation: "global" },
  { ...SMALL, oracle: "mid", discussionRounds: 2, players: 5, impostors: 2 },
  { ...SMALL, oracle: "mid", macroMode: true, discussionRounds: 1 },
  { ...SMALL, oracle: "low", macroMode: true, discussionRounds: 1 },
  { ...SMALL, oracle: "low", voteEvery: 0, maxSteps: 30, observation: "global" },
];
const SEEDS = [1, 2, 3, 4, 5, 6];

/** Names of the view variants seen, to prove the games exercised every optional part of the schema. */
function variants(view: PlayerView): string[] {
  const seen = [`phase:${view.phase}`, `role:${view.role}`];
  if (view.impostor) seen.push("impostor");
  if (view.oracle) seen.push(`oracle:${view.oracle.level}`);
  if (view.oracle?.predicted) seen.push("oracle.predicted");
  if (view.oracle && Object.keys(view.oracle.players).length > 0) seen.push("oracle.players");
  if (view.oracle && Object.keys(view.oracle.corpses).length > 0) seen.push("oracle.corpses");
  if (view.oracle && view.oracle.plan.length > 1) seen.push("oracle.plan>1");
  if (view.meeting) seen.push(view.meeting.turn === null ? "meeting:vote" : "meeting:discussion");
  if (view.meeting?.statements.length) seen.push("meeting.statements");
  if (view.meeting?.caller) seen.push("meeting.caller");
  if (view.meeting?.body) seen.push("meeting.body");
  if (view.memory) seen.push("memory");
  if (view.memory?.players.some((p) => p.lastSeen)) seen.push("memory.lastSeen");
  if (view.result) seen.push("result");
  if (Object.keys(view.visiblePlayers).length > 0) seen.push("visiblePlayers");
  if (Object.keys(view.visibleCorpses).length > 0) seen.push("visibleCorpses");
  if (view.nearestPlayerDist !== null) seen.push("nearestPlayerDist");
  return seen;
}

/** A random legal decision, except that impostors always kill when they can and bodies are often reported. */
function decide(state: SocialGridState, seat: number, rng: Rng): SocialGridDecision {
  const decision = randomDecision(state, seat, rng);
  if (decision.kind !== "act") return decision;
  const allowed = allowedActions(state, seat);
  const eager = allowed.includes(ACTIONS.KILL)
    ? ACTIONS.KILL
    : allowed.includes(ACTIONS.REPORT_DEADBODY) && rng.float() < 0.3
      ? ACTIONS.REPORT_DEADBODY
      : null;
  return eager === null ? decision : { ...decision, actions: [eager, ...decision.actions.slice(1)] };
}

interface Sweep {
  views: number;
  seen: Set<string>;
  /** Top-level field → number of views that had it. */
  keys: Map<string, number>;
}

/**
 * Plays one game to the end with random legal decisions and checks every seat's view at every step: the
 * schema accepts it and, since a non-strict object strips unknown keys, parsing gives back the whole view
 * (a field missing from the schema would be dropped and break the equality).
 */
function sweepGame(config: SocialGridConfigInput, seed: number, sweep: Sweep): void {
  const parsedConfig = socialgrid.configSchema.parse(config);
  let state = socialgrid.setup(parsedConfig, seed).state;
  const rng = Rng.seeded(seed + 1000);
  for (let calls = 0; ; calls++) {
    for (const p of state.players) {
      const view = socialgrid.playerView(state, p.seat);
      const parsed = socialGridObservationSchema.safeParse(view);
      if (!parsed.success) throw new Error(`seat ${p.seat} at t=${state.t}: ${z.prettifyError(parsed.error)}`);
      expect(parsed.data).toEqual(view);
      sweep.views++;
      for (const v of variants(view)) sweep.seen.add(v);
      if (parsedConfig.oracle === "low") expect(view.oracle).toBeUndefined();
      for (const k of Object.keys(view)) sweep.keys.set(k, (sweep.keys.get(k) ?? 0) + 1);
    }
    if (socialgrid.isTerminal(state)) break;
    expect(calls).toBeLessThan(2_000);
    const decisions: Record<number, SocialGridDecision> = {};
    for (const { seat } of socialgrid.pending(state)) decisions[seat] = decide(state, seat, rng);
    state = socialgrid.step(state, decisions).state;
  }
  expect(state.result).not.toBeNull();
}

let swept: Sweep | null = null;

/** All games of CONFIGS × SEEDS, played once per file. */
function sweepAll(): Sweep {
  if (swept) return swept;
  const sweep: Sweep = { views: 0, seen: new Set(), keys: new Map() };
  for (const config of CONFIGS) for (const seed of SEEDS) sweepGame(config, seed, sweep);
  swept = sweep;
  return sweep;
}

describe("SocialGrid observation schema", () => {
  it("matches every seat's view at every step of seeded random games, field for field", () => {
    const sweep = sweepAll();
    expect(sweep.views).toBeGreaterThan(1_000);
    expect([...sweep.seen].sort()).toEqual(
      expect.arrayContaining([
        "impostor",
        "meeting.body",
        "meeting.caller",
        "meeting.statements",
        "meeting:discussion",
        "meeting:vote",
        "memory",
        "memory.lastSeen",
        "nearestPlayerDist",
        "oracle.corpses",
        "oracle.plan>1",
        "oracle.players",
        "oracle.predicted",
        "oracle:high",
        "oracle:mid",
        "phase:discussion",
        "phase:over",
        "phase:task",
        "phase:vote",
        "result",
        "role:crewmate",
        "role:impostor",
        "visibleCorpses",
        "visiblePlayers",
      ]),
    );
  });

  it("rejects views with a wrong type", () => {
    const state = socialgrid.setup(socialgrid.configSchema.parse({ ...SMALL, oracle: "mid" }), 5).state;
    const view = socialgrid.playerView(state, 0);
    expect(socialGridObservationSchema.safeParse(view).success).toBe(true);
    expect(socialGridObservationSchema.safeParse({ ...view, facing: 104 }).success).toBe(false);
    expect(socialGridObservationSchema.safeParse({ ...view, t: 1.5 }).success).toBe(false);
    expect(socialGridObservationSchema.safeParse({ ...view, oracle: { ...view.oracle, level: "low" } }).success).toBe(
      false,
    );
    const { tasks: _tasks, ...withoutTasks } = view;
    expect(socialGridObservationSchema.safeParse(withoutTasks).success).toBe(false);
    // Unknown fields are tolerated (and stripped).
    expect(socialGridObservationSchema.parse({ ...view, future: 1 })).toEqual(view);
  });

  it("publishes as a JSON Schema object whose properties are exactly the view's fields", () => {
    const json = z.toJSONSchema(socialGridObservationSchema, { io: "input" }) as {
      type: string;
      description?: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(json.type).toBe("object");
    expect(json.description).toMatch(/SocialGrid/);
    // Fields seen in the played views: those in every view are required, the rest optional.
    const sweep = sweepAll();
    const always = [...sweep.keys].filter(([, n]) => n === sweep.views).map(([k]) => k);
    expect(Object.keys(json.properties).sort()).toEqual([...sweep.keys.keys()].sort());
    expect([...json.required].sort()).toEqual(always.sort());
    expect(json.required).not.toContain("oracle");
    for (const optional of ["impostor", "oracle", "meeting", "memory", "result"])
      expect(json.properties).toHaveProperty(optional);
  });
});
