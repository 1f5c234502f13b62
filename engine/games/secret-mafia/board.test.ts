/**
 * The board reducer against the engine: folded over the log of random seeded games (with invalid moves, so
 * night eliminations the village learns of only at daybreak happen), the board equals the engine's own state
 * at every step; `visibleTo` equals each seat's `playerView`; and a seat's view folds into what it knows.
 */
import { describe, expect, it } from "vitest";
import { foldBoard } from "../../core/module";
import { type SecretMafiaBoard, secretMafiaBoard, secretMafiaSeatView, visibleTo } from "./board";
import type { SecretMafiaEvent } from "./events";
import { secretMafia } from "./index";
import type { SecretMafiaState } from "./state";
import { playRandomGame } from "./testing";

const PHASES = {
  night_mafia: "night",
  night_doctor: "night",
  night_detective: "night",
  day_discussion: "day",
  day_voting: "vote",
  over: "over",
} as const;

function steps(seed: number, config = {}) {
  const game = playRandomGame(seed, config, 0.3);
  const start = secretMafia.setup(secretMafia.configSchema.parse(config), seed);
  const out: Array<{ state: SecretMafiaState; events: SecretMafiaEvent[] }> = [start];
  let state = start.state;
  for (const round of game.decisions) {
    const next = secretMafia.step(state, round);
    state = next.state;
    out.push(next);
  }
  return out;
}

const projection = (state: SecretMafiaState) => ({
  day: state.day,
  phase: PHASES[state.phase],
  alive: state.players.map((p) => p.alive),
  roles: state.players.map((p) => p.role),
  unannounced: state.unannounced,
  winner: state.result?.winner ?? null,
});

const facts = (board: SecretMafiaBoard) => ({
  day: board.day,
  phase: board.phase,
  alive: board.fates.map((f) => f === "alive"),
  roles: board.roles,
  unannounced: board.unannounced,
  winner: board.winner,
});

describe("the Secret Mafia board", () => {
  it("equals the engine's state after every step; visibleTo equals every seat's playerView", () => {
    let hidden = 0;
    for (const [seed, config] of [
      [1, {}],
      [2, {}],
      [3, { players: 10 }],
      [4, { players: 8 }],
    ] as const) {
      let board = secretMafiaBoard.empty();
      for (const { state, events } of steps(seed, config)) {
        board = foldBoard(secretMafiaBoard, events, board);
        expect(facts(board)).toEqual(projection(state));
        hidden += board.unannounced.length;
        for (const p of state.players) {
          const view = secretMafia.playerView(state, p.seat);
          const sight = visibleTo(board, p.seat);
          expect(sight.alive).toEqual(view.players.map((q) => q.alive));
          expect(sight.teammates).toEqual(view.teammates);
        }
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it("a seat's view of the log folds into what the seat knows, night eliminations learnt at daybreak", () => {
    for (const seed of [1, 2, 5]) {
      const played = steps(seed);
      const seats = played[0].state.players.length;
      for (let seat = 0; seat < seats; seat++) {
        const view = secretMafiaSeatView(seat);
        let god = secretMafiaBoard.empty();
        let own = secretMafiaBoard.empty();
        for (const { events } of played) {
          god = foldBoard(secretMafiaBoard, events, god);
          own = foldBoard(secretMafiaBoard, view(events), own);
          const knows = visibleTo(god, seat);
          expect(own.fates.map((f) => f === "alive")).toEqual(knows.alive);
          expect(own.roles.flatMap((r, s) => (r === "Mafia" && s !== seat ? [s] : []))).toEqual(knows.teammates);
        }
      }
    }
  });
});
