import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay } from "../../core/replay";
import { Rng } from "../../core/rng";
import type { SecretMafiaDecision } from "./decisions";
import { secretMafia } from "./index";
import { EVERYONE, type Message } from "./messages";
import type { SecretMafiaState } from "./state";
import { playRandomGame, randomReply } from "./testing";
import { judgeReply } from "../../core/module";
import { secretMafiaModule } from "./module";

const ROLE_WORDS = /\b(Mafia|Doctor|Detective|Villager)\b/;

/**
 * What a player may read about roles: their own prompt; Mafia also their pack's night messages; the Detective
 * also their results. Every other message naming a role word would be a leak (random discussion never does).
 */
function assertNoLeak(state: SecretMafiaState, withHistory: boolean): void {
  for (const p of state.players) {
    const { history, ...view } = secretMafia.playerView(state, p.seat);
    expect(JSON.stringify(view).match(/"role":/g), `Player ${p.seat}'s view holds someone else's role`).toHaveLength(1);
    if (p.role !== "Mafia") expect(view.teammates).toEqual([]);
    if (!withHistory) continue;
    for (const m of history as Message[]) {
      if (m.to === EVERYONE) {
        if (!(state.phase === "over" && m === state.messages.at(-1)))
          expect(m.text, "public message names a role").not.toMatch(ROLE_WORDS);
        continue;
      }
      expect(m.to).toContain(p.seat);
      const shared = m.to.filter((seat) => seat !== p.seat);
      for (const other of shared)
        expect(state.players[other].role, `Player ${p.seat} shares a message with non-Mafia ${other}`).toBe("Mafia");
      if (/IS (NOT )?a Mafia member/.test(m.text)) expect(p.role).toBe("Detective");
    }
  }
}

const configArb = fc.record({
  players: fc.integer({ min: 6, max: 15 }),
  discussionRounds: fc.integer({ min: 1, max: 3 }),
});

describe("secret mafia properties", () => {
  it("no view reveals a role its player may not know, at any point of random games with invalid moves", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        configArb,
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        (seed, config, invalidRate) => {
          const rng = Rng.seeded(seed + 1);
          let state = secretMafia.setup(secretMafia.configSchema.parse(config), seed).state;
          for (let i = 0; i < 5_000 && !secretMafia.isTerminal(state); i++) {
            assertNoLeak(state, false);
            const [{ seat }] = secretMafia.pending(state);
            const check = judgeReply<SecretMafiaDecision>(
              secretMafiaModule,
              state,
              seat,
              randomReply(secretMafia.playerView(state, seat), rng, invalidRate),
            );
            state = secretMafia.step(state, {
              [seat]: check.ok ? check.decision : secretMafia.fallbackDecision(state, seat),
            }).state;
          }
          // Histories only grow, so checking them once at the end covers every message.
          assertNoLeak(state, true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("random games always end with a winning team, and the decisions replay to the same events", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        configArb,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (seed, config, invalidRate) => {
          const game = playRandomGame(seed, config, invalidRate);
          expect(game.state.result?.winner).toMatch(/^(Mafia|Village)$/);
          expect(game.events.at(-1)?.type).toBe("game_end");
          const again = replay(secretMafia, config, seed, game.decisions);
          expect(again.events).toEqual(game.events);
          expect(again.state).toEqual(game.state);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("every eliminated player left once, and the team rewards match the winner", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { state, events } = playRandomGame(seed, {}, 0.3);
        const eliminated = events.flatMap((e) => (e.type === "elimination" ? [e.seat] : []));
        expect(new Set(eliminated).size).toBe(eliminated.length);
        expect(
          state.players
            .filter((p) => !p.alive)
            .map((p) => p.seat)
            .sort(),
        ).toEqual([...eliminated].sort());
        const winners = state.players.filter((p) => (p.role === "Mafia") === (state.result!.winner === "Mafia"));
        for (const p of state.players) expect(state.result!.rewards[p.seat]).toBe(winners.includes(p) ? 1 : -1);
      }),
      { numRuns: 30 },
    );
  });

  it("a step for a finished game changes nothing", () => {
    const { state } = playRandomGame(9);
    const decision: SecretMafiaDecision = { kind: "vote", action: "[1]" };
    expect(secretMafia.step(state, { 0: decision })).toEqual({ state, events: [] });
  });
});
