import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay } from "../../core/replay";
import { Rng } from "../../core/rng";
import type { SocialGridDecision } from "./decisions";
import type { SocialGridEvent } from "./events";
import { randomDecision } from "./fixtures";
import { socialgrid } from "./index";
import { mapIndex, TILE } from "./map";
import type { SocialGridState } from "./state";

interface Run {
  states: SocialGridState[];
  decisions: Array<Record<number, SocialGridDecision>>;
  events: SocialGridEvent[];
}

/** Plays a game to the end with random legal decisions (kills, reports, meetings and bad votes included). */
function playRandom(configInput: object, seed: number, policySeed: number, maxCalls = 4000): Run {
  const config = socialgrid.configSchema.parse(configInput);
  const start = socialgrid.setup(config, seed);
  const rng = Rng.seeded(policySeed);
  const run: Run = { states: [start.state], decisions: [], events: [...start.events] };
  let state = start.state;
  for (let calls = 0; !socialgrid.isTerminal(state) && calls < maxCalls; calls++) {
    const decisions: Record<number, SocialGridDecision> = {};
    for (const { seat } of socialgrid.pending(state)) decisions[seat] = randomDecision(state, seat, rng);
    const out = socialgrid.step(state, decisions);
    run.decisions.push(decisions);
    run.events.push(...out.events);
    state = out.state;
    run.states.push(state);
  }
  return run;
}

const configs = fc
  .record({
    layout: fc.record({ rows: fc.integer({ min: 1, max: 3 }), cols: fc.integer({ min: 2, max: 3 }) }),
    roomSize: fc.integer({ min: 8, max: 12 }),
    players: fc.integer({ min: 2, max: 8 }),
    impostors: fc.integer({ min: 0, max: 2 }),
    observation: fc.constantFrom("fov" as const, "global" as const),
    oracle: fc.constantFrom("high" as const, "mid" as const, "low" as const),
    macroMode: fc.boolean(),
    discussionRounds: fc.integer({ min: 0, max: 1 }),
    voteEvery: fc.constantFrom(0, 15, 40),
    killCooldown: fc.integer({ min: 0, max: 10 }),
    maxSteps: fc.integer({ min: 20, max: 250 }),
  })
  .filter((c) => c.impostors < c.players);

const gameCase = fc.record({ config: configs, seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), policy: fc.nat() });

describe("properties of random games", () => {
  it("run to completion, with the invariants of every state", () => {
    fc.assert(
      fc.property(gameCase, ({ config, seed, policy }) => {
        const run = playRandom(config, seed, policy);
        const last = run.states.at(-1)!;
        expect(socialgrid.isTerminal(last)).toBe(true);
        expect(socialgrid.pending(last)).toEqual([]);
        const index = mapIndex(last.map);
        for (const state of run.states) {
          const alive = state.players.filter((p) => p.alive);
          const tiles = alive.map((p) => `${p.x},${p.y}`);
          expect(new Set(tiles).size).toBe(tiles.length);
          for (const p of alive) {
            const c = index.cell(p.x, p.y);
            const walkable =
              index.kind[c] === TILE.FLOOR || (index.kind[c] === TILE.DOOR && state.doorsOpen[index.doorAt[c]]);
            expect(walkable).toBe(true);
            expect(state.corpses.some((k) => k.x === p.x && k.y === p.y)).toBe(false);
          }
        }
        // Crew task progress never decreases.
        for (let i = 1; i < run.states.length; i++) {
          for (const p of run.states[i].players) {
            if (p.role !== "crewmate") continue;
            run.states[i - 1].players[p.seat].progress.forEach((before, k) =>
              expect(p.progress[k]).toBeGreaterThanOrEqual(before),
            );
          }
        }
        // Dead players never act; each env step lists each live player at most once.
        const dead = new Set<number>();
        for (const e of run.events) {
          if (e.type === "step") {
            const seats = e.acts.map((a) => a[0]);
            expect(new Set(seats).size).toBe(seats.length);
            for (const s of seats) expect(dead.has(s)).toBe(false);
            e.rewards.forEach((r, s) => dead.has(s) && expect(r).toBe(0));
          }
          if (e.type === "kill") dead.add(e.victim);
          if (e.type === "vote_result" && e.ejected !== null) dead.add(e.ejected);
          if (e.type === "vote") expect(dead.has(e.seat)).toBe(false);
        }
        // Returns are the sum of every reward.
        const sum = last.players.map(() => 0);
        for (const e of run.events) {
          if (e.type === "step" || e.type === "vote_result" || e.type === "game_end")
            e.rewards.forEach((r, s) => (sum[s] += r));
        }
        const end = run.events.at(-1)!;
        expect(end.type).toBe("game_end");
        if (end.type === "game_end") end.returns.forEach((r, s) => expect(r).toBeCloseTo(sum[s], 6));
      }),
      { numRuns: 60 },
    );
  });

  it("are deterministic: same seed and decisions give the same events, and replay() reproduces them", () => {
    fc.assert(
      fc.property(gameCase, ({ config, seed, policy }) => {
        const run = playRandom(config, seed, policy);
        const again = playRandom(config, seed, policy);
        expect(again.events).toEqual(run.events);
        const replayed = replay(socialgrid, config, seed, run.decisions);
        expect(replayed.events).toEqual(run.events);
        expect(replayed.state).toEqual(run.states.at(-1));
      }),
      { numRuns: 25 },
    );
  });

  it("keep the whole state in plain JSON: a state restored from JSON continues identically", () => {
    fc.assert(
      fc.property(gameCase, fc.nat(), ({ config, seed, policy }, cut) => {
        const run = playRandom(config, seed, policy);
        const i = cut % run.decisions.length;
        const restored = JSON.parse(JSON.stringify(run.states[i])) as SocialGridState;
        expect(restored).toEqual(run.states[i]);
        const a = socialgrid.step(run.states[i], run.decisions[i]);
        const b = socialgrid.step(restored, run.decisions[i]);
        expect(b.events).toEqual(a.events);
        expect(JSON.parse(JSON.stringify(socialgrid.playerView(restored, 0)))).toEqual(
          JSON.parse(JSON.stringify(socialgrid.playerView(run.states[i], 0))),
        );
      }),
      { numRuns: 25 },
    );
  });

  it("full default games end within the step limit for many seeds", () => {
    for (let seed = 0; seed < 30; seed++) {
      const run = playRandom({}, seed, seed + 100, 10_000);
      const end = run.events.at(-1)!;
      expect(end.type).toBe("game_end");
      if (end.type === "game_end") expect(end.t).toBeLessThanOrEqual(2500);
    }
  });

  it("the same seed and decisions produce the same states step by step (no hidden state)", () => {
    const run = playRandom({ macroMode: true, discussionRounds: 1 }, 11, 12);
    run.decisions.forEach((decisions, i) => {
      expect(socialgrid.step(run.states[i], decisions).state).toEqual(run.states[i + 1]);
    });
  });
});
