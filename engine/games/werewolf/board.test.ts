/**
 * The board reducer against the engine: folded over the log of random seeded games, the board equals the
 * engine's own state at every step; `visibleTo` equals each seat's `playerView`; and a seat's view of the log
 * folds into what that seat knows.
 */
import { describe, expect, it } from "vitest";
import { foldBoard } from "../../core/module";
import { visibleTo, type WerewolfBoard, werewolfBoard, werewolfSeatView } from "./board";
import type { WerewolfEvent } from "./events";
import { werewolf } from "./index";
import type { WerewolfState } from "./state";
import { playRandomGame } from "./testing";

const PHASES = { night: "night", bid: "day", statement: "day", analysis: "day", vote: "vote", over: "over" } as const;

/** Every step of a played game: the state after it and its events (the setup first). */
function steps(seed: number, config = {}) {
  const game = playRandomGame(seed, config);
  const start = werewolf.setup(werewolf.configSchema.parse(config), seed);
  const out: Array<{ state: WerewolfState; events: WerewolfEvent[] }> = [start];
  let state = start.state;
  for (const round of game.decisions) {
    const next = werewolf.step(state, round);
    state = next.state;
    out.push(next);
  }
  return out;
}

const projection = (state: WerewolfState) => ({
  round: state.round,
  phase: PHASES[state.phase.kind],
  fates: state.players.map((p) => p.fate),
  roles: state.players.map((p) => p.role),
  suspicion: state.suspicion,
  winner: state.result?.winner ?? null,
});

const facts = (board: WerewolfBoard) => ({
  round: board.round,
  phase: board.phase,
  fates: board.fates,
  roles: board.roles,
  suspicion: board.suspicion,
  winner: board.winner,
});

describe("the Werewolf board", () => {
  it("equals the engine's state after every step; visibleTo equals every seat's playerView", () => {
    let unmasked = 0;
    for (const [seed, config] of [
      [1, {}],
      [2, {}],
      [3, { werewolves: 3, villagers: 6 }],
    ] as const) {
      let board = werewolfBoard.empty();
      for (const { state, events } of steps(seed, config)) {
        board = foldBoard(werewolfBoard, events, board);
        expect(facts(board)).toEqual(projection(state));
        for (const p of state.players) {
          const view = werewolf.playerView(state, p.seat);
          const sight = visibleTo(board, p.seat);
          expect(sight.roles).toEqual(view.players.map((q) => q.knownRole));
          expect(sight.alive).toEqual(view.players.map((q) => q.alive));
          const others = Object.fromEntries(
            (sight.suspicion ?? []).flatMap((score, target) => (target === p.seat ? [] : [[String(target), score]])),
          );
          expect(others).toEqual(view.suspicion);
        }
      }
      unmasked += board.unmasked.length;
    }
    expect(unmasked).toBeGreaterThan(0);
  });

  it("a seat's view of the log folds into what the seat knows: its roles, and only its own suspicion", () => {
    const played = steps(5);
    const log = played.flatMap((s) => s.events);
    const god = foldBoard(werewolfBoard, log);
    for (let seat = 0; seat < god.roles.length; seat++) {
      const own = foldBoard(werewolfBoard, werewolfSeatView(seat)(log));
      const knows = visibleTo(god, seat);
      expect(own.pov).toBe(seat);
      expect(own.roles).toEqual(knows.roles);
      expect(own.fates).toEqual(god.fates);
      expect(own.suspicion[seat]).toEqual(god.suspicion[seat]);
      expect(own.suspicion.filter((row) => row !== null)).toHaveLength(1);
    }
    // A wolf sees its pack's proposals, as its playerView's pack chat does.
    const wolves = god.roles.flatMap((r, s) => (r === "Werewolf" ? [s] : []));
    const proposals = log.filter((e) => e.type === "wolf_proposal").length;
    for (const wolf of wolves) {
      expect(werewolfSeatView(wolf)(log).filter((e) => e.type === "wolf_proposal")).toHaveLength(proposals);
    }
  });
});
