import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay } from "../../core/replay";
import { Rng } from "../../core/rng";
import type { WerewolfDecision } from "./decisions";
import type { Role, WerewolfEvent } from "./events";
import { werewolf } from "./index";
import { renderPrompt } from "./prompts";
import type { WerewolfState } from "./state";
import { playRandomGame, randomReply } from "./testing";
import { judgeReply } from "../../core/module";
import { werewolfModule } from "./module";

const ROLES: Role[] = ["Werewolf", "Seer", "Doctor", "Villager"];
const marker = (seat: number) => `secret${seat}x`;

const configArb = fc
  .record({
    werewolves: fc.integer({ min: 1, max: 3 }),
    seer: fc.integer({ min: 0, max: 1 }),
    doctor: fc.integer({ min: 0, max: 1 }),
    villagers: fc.integer({ min: 3, max: 7 }),
    deceptionAnalysis: fc.boolean(),
    mentionBias: fc.boolean(),
  })
  .filter((c) => c.werewolves < c.seer + c.doctor + c.villagers);

/** Roles and private texts a player may legitimately know: their own, their pack's, what the Seer unmasked. */
function entitled(state: WerewolfState, seat: number): { roles: Set<Role>; markers: Set<string> } {
  const me = state.players[seat];
  const roles = new Set<Role>([me.role]);
  const markers = new Set([marker(seat)]);
  if (me.role === "Werewolf") for (const p of state.players) if (p.role === "Werewolf") markers.add(marker(p.seat));
  for (const n of state.nights) if (n.unmask?.seat === seat && n.unmask.role) roles.add(n.unmask.role);
  return { roles, markers };
}

function assertNoLeak(state: WerewolfState): void {
  for (const p of state.players) {
    const text = JSON.stringify(werewolf.playerView(state, p.seat));
    const { roles, markers } = entitled(state, p.seat);
    for (const role of ROLES)
      if (!roles.has(role)) expect(text, `${p.name} (${p.role}) sees "${role}"`).not.toContain(`"${role}"`);
    for (const other of state.players) {
      if (!markers.has(marker(other.seat)))
        expect(text, `${p.name} sees ${other.name}'s private text`).not.toContain(marker(other.seat));
    }
  }
}

/** A random game that checks every player's view after every step. */
function playChecking(seed: number, config: object): WerewolfState {
  const rng = Rng.seeded(seed + 1);
  let state = werewolf.setup(werewolf.configSchema.parse(config), seed).state;
  assertNoLeak(state);
  for (let i = 0; i < 2_000 && !werewolf.isTerminal(state); i++) {
    const decisions: Record<number, WerewolfDecision> = {};
    for (const { seat } of werewolf.pending(state)) {
      const check = judgeReply<WerewolfDecision>(
        werewolfModule,
        state,
        seat,
        randomReply(werewolf.playerView(state, seat), rng, marker(seat)),
      );
      decisions[seat] = check.ok ? check.decision : werewolf.fallbackDecision(state, seat);
    }
    state = werewolf.step(state, decisions).state;
    assertNoLeak(state);
  }
  return state;
}

describe("werewolf properties", () => {
  it("no player view ever shows another player's hidden role or private text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), configArb, (seed, config) => {
        playChecking(seed, config);
      }),
      { numRuns: 25 },
    );
  });

  it("the spectator view shows every role and the whole suspicion matrix", () => {
    const { state } = playRandomGame(5);
    const god = werewolf.spectatorView(state);
    expect(god.players.map((p) => p.role).sort()).toEqual(state.players.map((p) => p.role).sort());
    expect(god.suspicion).toHaveLength(state.players.length);
  });

  it("full random games always end with a winner, and events rebuild the same game (determinism)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), configArb, (seed, config) => {
        const game = playRandomGame(seed, config);
        expect(game.state.result?.winner).toMatch(/^(werewolves|villagers)$/);
        expect(game.events.at(-1)?.type).toBe("game_end");
        const again = replay(werewolf, config, seed, game.decisions);
        expect(again.events).toEqual(game.events);
        expect(again.state).toEqual(game.state);
        expect(JSON.parse(JSON.stringify(game.events)) as WerewolfEvent[]).toEqual(game.events);
      }),
      { numRuns: 40 },
    );
  });

  it("a different seed deals differently", () => {
    const roles = (seed: number) =>
      playRandomGame(seed)
        .state.players.map((p) => p.role)
        .join();
    expect(new Set([1, 2, 3, 4, 5, 6].map(roles)).size).toBeGreaterThan(1);
  });

  it("every pending seat gets a prompt with the JSON keys of its decision kind", () => {
    const { state } = playRandomGame(3);
    expect(state.result).not.toBeNull();
    let s = werewolf.setup(werewolf.configSchema.parse({}), 3).state;
    const rng = Rng.seeded(4);
    const seen = new Set<string>();
    for (let i = 0; i < 300 && !werewolf.isTerminal(s); i++) {
      const decisions: Record<number, WerewolfDecision> = {};
      for (const { seat, kind } of werewolf.pending(s)) {
        const view = werewolf.playerView(s, seat);
        const prompt = renderPrompt(view)!;
        expect(prompt.kind).toBe(kind);
        const key = {
          night_kill: '"target"',
          protect: '"target"',
          unmask: '"target"',
          bid: '"bid"',
          statement: '"statement"',
          self_analysis: '"is_deceptive"',
          peer_analysis: '"suspicion_level"',
          vote: '"vote"',
        }[kind];
        expect(prompt.user).toContain(key);
        expect(prompt.system).toContain(`You are ${view.name}`);
        seen.add(kind);
        const check = judgeReply<WerewolfDecision>(werewolfModule, s, seat, randomReply(view, rng));
        decisions[seat] = check.ok ? check.decision : werewolf.fallbackDecision(s, seat);
      }
      s = werewolf.step(s, decisions).state;
    }
    expect(seen.size).toBe(8);
    expect(renderPrompt(werewolf.playerView(s, 0))).toBeNull();
  });
});
