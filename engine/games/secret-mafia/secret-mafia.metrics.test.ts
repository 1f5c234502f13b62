import { secretMafiaConfigSchema } from "./config";
import { describe, expect, it } from "vitest";
import type { SecretMafiaEvent } from "./events";
import { roleStats, secretMafiaMetrics } from "./metrics";
import { playRandomGame } from "./testing";

const invalid = (seat: number, strike: 1 | 2, fallback = false): SecretMafiaEvent => ({
  type: "invalid_move",
  day: 1,
  phase: strike === 1 && seat === 1 ? "night_mafia" : "day_voting",
  seat,
  action: fallback ? "" : "?",
  reason: "r",
  strike,
  ...(fallback ? { fallback: true as const } : {}),
});
const discuss = (seat: number): SecretMafiaEvent => ({ type: "discussion", day: 1, round: 1, seat, text: "hi" });
const vote = (seat: number, target: number): SecretMafiaEvent => ({ type: "vote", day: 1, seat, target });

/** Seats 0–1 Mafia, 2 Doctor, 3 Detective, 4–5 Villagers; the village wins on day 1. */
const log: SecretMafiaEvent[] = [
  {
    type: "game_start",
    players: [
      { seat: 0, role: "Mafia" },
      { seat: 1, role: "Mafia" },
      { seat: 2, role: "Doctor" },
      { seat: 3, role: "Detective" },
      { seat: 4, role: "Villager" },
      { seat: 5, role: "Villager" },
    ],
    config: secretMafiaConfigSchema.parse({}),
    seed: 1,
  },
  { type: "night_vote", day: 1, seat: 0, target: 4 },
  invalid(1, 1),
  { type: "night_vote", day: 1, seat: 1, target: 4 },
  { type: "protect", day: 1, seat: 2, target: 5, saved: false },
  { type: "investigate", day: 1, seat: 3, target: 0, isMafia: true },
  { type: "elimination", day: 1, phase: "night_detective", seat: 4, cause: "night_kill" },
  ...[0, 1, 2, 3, 5].map(discuss),
  vote(0, 2),
  invalid(1, 1),
  invalid(1, 2, true),
  { type: "elimination", day: 1, phase: "day_voting", seat: 1, cause: "invalid_moves" },
  vote(2, 0),
  vote(3, 0),
  vote(5, 0),
  { type: "vote_result", day: 1, tally: { 0: 3, 2: 1 }, target: 0, tiebreak: null },
  { type: "elimination", day: 1, phase: "day_voting", seat: 0, cause: "vote" },
  { type: "game_end", day: 1, winner: "Village", reason: "r", rewards: [-1, -1, 1, 1, 1, 1], gameInfo: [] },
];

describe("secretMafiaMetrics", () => {
  const m = secretMafiaMetrics(log);

  it("per player: win, survival, moves and invalid-move rate", () => {
    expect(m.winner).toBe("Village");
    expect(m.days).toBe(1);
    expect(m.players.map((p) => [p.won, p.survived, p.moves, p.invalidMoves, p.invalidRate])).toEqual([
      [false, false, 3, 0, 0],
      [false, false, 5, 3, 0.6],
      [true, true, 3, 0, 0],
      [true, true, 3, 0, 0],
      [true, false, 0, 0, null],
      [true, true, 2, 0, 0],
    ]);
    expect(m.players[1].eliminated).toEqual({ day: 1, cause: "invalid_moves" });
    expect(m.players.map((p) => p.agentFailures)).toEqual([0, 1, 0, 0, 0, 0]);
  });

  it("per role: win, survival and invalid-move rates, also summed over episodes", () => {
    expect(m.byRole.Mafia).toEqual({
      players: 2,
      wins: 0,
      survivals: 0,
      moves: 8,
      invalidMoves: 3,
      eliminatedForInvalidMoves: 1,
      winRate: 0,
      survivalRate: 0,
      invalidRate: 3 / 8,
    });
    expect(m.byRole.Villager).toMatchObject({
      players: 2,
      wins: 2,
      survivals: 1,
      winRate: 1,
      survivalRate: 0.5,
      invalidRate: 0,
    });
    expect(m.byRole.Doctor).toMatchObject({ players: 1, winRate: 1, survivalRate: 1, moves: 3 });
    const twice = roleStats([m, m]);
    expect(twice.Mafia).toMatchObject({ players: 4, invalidMoves: 6, invalidRate: 3 / 8 });
  });

  it("agrees with the engine on a full game", () => {
    const game = playRandomGame(21, {}, 0.3);
    const metrics = secretMafiaMetrics(game.events);
    expect(metrics.winner).toBe(game.state.result!.winner);
    expect(metrics.players.map((p) => [p.moves, p.invalidMoves, p.survived])).toEqual(
      game.state.players.map((p) => [p.moves, p.invalidMoves, p.alive]),
    );
  });
});
