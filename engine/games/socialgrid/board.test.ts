/**
 * The board reducer against the engine: folded over the log of random seeded games, the board equals the
 * engine's own state at every step, and what `visibleTo` says a seat sees equals that seat's `playerView`.
 */
import { describe, expect, it } from "vitest";
import { foldBoard } from "../../core/module";
import { Rng } from "../../core/rng";
import { type SocialGridBoard, socialGridBoard, visibleTo } from "./board";
import type { SocialGridEvent } from "./events";
import { randomDecision } from "./fixtures";
import { socialgrid } from "./index";
import { SocialGridPov } from "./pov";
import type { SocialGridState } from "./state";

/** Small rooms, impostors without cooldown: kills, corpses, doors and meetings come often. */
const CROWDED = {
  layout: { rows: 2, cols: 2 },
  roomSize: 8,
  players: 6,
  impostors: 2,
  killCooldown: 0,
  voteEvery: 30,
  maxSteps: 160,
  fovRadius: 3,
};
const CONFIGS = [
  CROWDED,
  { ...CROWDED, discussionRounds: 2, macroMode: true },
  { ...CROWDED, observation: "global" as const, emergencyMeetings: 3 },
];

interface Round {
  events: SocialGridEvent[];
  state: SocialGridState;
}

function playRounds(configInput: object, seed: number): Round[] {
  const start = socialgrid.setup(socialgrid.configSchema.parse(configInput), seed);
  const rng = Rng.seeded(seed * 31);
  const rounds: Round[] = [{ events: start.events, state: start.state }];
  let state = start.state;
  for (let calls = 0; !socialgrid.isTerminal(state) && calls < 3_000; calls++) {
    const decisions = Object.fromEntries(
      socialgrid.pending(state).map(({ seat }) => [seat, randomDecision(state, seat, rng)]),
    );
    const out = socialgrid.step(state, decisions);
    state = out.state;
    rounds.push({ events: out.events, state });
  }
  return rounds;
}

/** The engine state as a board holds it. */
function projection(state: SocialGridState) {
  return {
    t: state.t,
    phase: state.phase.kind,
    meeting: state.voteRound,
    meetingsLeft: state.meetingsLeft,
    poses: state.players.flatMap((p) => [p.x, p.y, p.facing]),
    fates: state.players.map((p) => p.fate),
    doorsOpen: state.doorsOpen,
    corpses: state.corpses.map(({ seat, x, y }) => ({ seat, x, y })).sort((a, b) => a.seat - b.seat),
    // Impostors' fake tasks never progress, on the board as in the engine.
    progress: state.players.map((p) => p.progress),
  };
}

function boardFacts(board: SocialGridBoard) {
  return {
    t: board.t,
    phase: board.phase,
    meeting: board.meeting,
    meetingsLeft: board.meetingsLeft,
    poses: Array.from(board.poses),
    fates: board.fates,
    doorsOpen: board.doorsOpen,
    corpses: [...board.corpses].sort((a, b) => a.seat - b.seat),
    progress: board.progress,
  };
}

const seatOf = (name: string) => Number(name.slice("Player_".length));

describe("the SocialGrid board", () => {
  it("folded over the log equals the engine's state after every step, and visibleTo equals every seat's playerView", () => {
    const seen = { kills: 0, meetings: 0, corpsesInView: 0, playersInView: 0, dead: 0 };
    CONFIGS.forEach((config, c) => {
      for (const seed of [1, 2, 3]) {
        let board = socialGridBoard.empty();
        for (const { events, state } of playRounds(config, seed + 10 * c)) {
          board = foldBoard(socialGridBoard, events, board);
          expect(boardFacts(board)).toEqual(projection(state));
          seen.kills += events.filter((e) => e.type === "kill").length;
          seen.meetings += events.filter((e) => e.type === "vote_start").length;
          for (let seat = 0; seat < state.players.length; seat++) {
            const view = socialgrid.playerView(state, seat);
            const sight = visibleTo(board, seat);
            expect(sight.players.sort()).toEqual(Object.values(view.visiblePlayers).map(seatOf).sort());
            expect(sight.corpses.map((k) => k.seat).sort()).toEqual(
              Object.values(view.visibleCorpses).map(seatOf).sort(),
            );
            seen.playersInView += sight.players.length;
            seen.corpsesInView += sight.corpses.length;
            if (!view.alive) {
              seen.dead++;
              expect(sight.players).toEqual([]);
              expect(sight.doors).toEqual([]);
            }
          }
        }
      }
    });
    // The games exercised what the board folds.
    expect(seen.kills).toBeGreaterThan(3);
    expect(seen.meetings).toBeGreaterThan(5);
    expect(seen.corpsesInView).toBeGreaterThan(0);
    expect(seen.playersInView).toBeGreaterThan(100);
    expect(seen.dead).toBeGreaterThan(0);
  });

  it("a seat's view of the log folds into that seat's knowledge: itself exactly, the others where last seen", () => {
    for (const seed of [4, 5]) {
      const rounds = playRounds(CROWDED, seed);
      for (let seat = 0; seat < CROWDED.players; seat++) {
        const pov = new SocialGridPov(seat);
        let god = socialGridBoard.empty();
        let own = socialGridBoard.empty();
        for (const { events, state } of rounds) {
          god = foldBoard(socialGridBoard, events, god);
          own = foldBoard(socialGridBoard, pov.redact(events), own);
          expect(own.pov).toBe(seat);
          expect(own.t).toBe(state.t);
          expect(own.phase).toBe(state.phase.kind);
          const me = state.players[seat];
          if (me.alive) expect(Array.from(own.poses.slice(seat * 3, seat * 3 + 3))).toEqual([me.x, me.y, me.facing]);
          // Everyone it has in view is where the god board has them; what it has not seen die, it thinks alive.
          const inView = visibleTo(god, seat).players;
          expect(own.inView?.flatMap((v, s) => (v && s !== seat ? [s] : [])).sort()).toEqual([...inView].sort());
          for (const other of inView) {
            expect(Array.from(own.poses.slice(other * 3, other * 3 + 2))).toEqual([
              state.players[other].x,
              state.players[other].y,
            ]);
          }
          own.fates.forEach((fate, s) => {
            if (fate !== "alive") expect(state.players[s].alive).toBe(false);
          });
        }
      }
    }
  });
});
