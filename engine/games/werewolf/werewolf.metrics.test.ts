import { werewolfConfigSchema } from "./config";
import { describe, expect, it } from "vitest";
import type { AnalysesEvent, PeerAnalysis, SelfAnalysis, WerewolfEvent } from "./events";
import { werewolfMetrics } from "./metrics";
import { playRandomGame } from "./testing";

const self = (
  is_deceptive: 0 | 1,
  deception_type: SelfAnalysis["deception_type"] = "none",
  fallback = false,
): SelfAnalysis => ({
  is_deceptive,
  confidence: 0.9,
  deception_type,
  reasoning: "",
  ...(fallback ? { fallback: true as const } : {}),
});
const peer = (is_deceptive: 0 | 1, suspicion_level: number, fallback = false): PeerAnalysis => ({
  ...self(is_deceptive, is_deceptive ? "misdirection" : "none", fallback),
  suspicion_level,
});
const statement = (seat: number, turn: number, truncated = false): WerewolfEvent => ({
  type: "statement",
  round: 1,
  turn,
  seat,
  text: "text",
  words: truncated ? 25 : 1,
  truncated,
});
const analyses = (
  speaker: number,
  turn: number,
  s: SelfAnalysis,
  peers: Record<string, PeerAnalysis>,
  suspicion: Record<string, number>,
): AnalysesEvent => ({
  type: "analyses",
  round: 1,
  turn,
  speaker,
  self: s,
  peers,
  suspicion,
});

/** Alice is the wolf; Bob and Cyrus are villagers. Three statements, one fallback peer and one fallback self analysis. */
const log: WerewolfEvent[] = [
  {
    type: "game_start",
    players: [
      { seat: 0, name: "Alice", role: "Werewolf" },
      { seat: 1, name: "Bob", role: "Villager" },
      { seat: 2, name: "Cyrus", role: "Villager" },
    ],
    config: werewolfConfigSchema.parse({ villagers: 2, seer: 0, doctor: 0, werewolves: 1 }),
    seed: 1,
  },
  statement(0, 1),
  analyses(0, 1, self(1, "fabrication"), { 1: peer(1, 0.8), 2: peer(0, 0.4) }, { 1: 0.71, 2: 0.43 }),
  statement(1, 2, true),
  analyses(1, 2, self(0), { 0: peer(1, 0.6), 2: peer(0, 0.5, true) }, { 0: 0.57, 2: 0.5 }),
  statement(2, 3),
  analyses(2, 3, self(0, "none", true), { 0: peer(0, 0.2), 1: peer(1, 0.9) }, { 0: 0.29, 1: 0.78 }),
];

describe("werewolfMetrics", () => {
  const m = werewolfMetrics(log);

  it("counts statements, self-reported and peer-detected deceptions, and the suspicion received", () => {
    expect(
      m.players.map(
        ({ statements, truncatedStatements, selfReportedDeceptions, peerDetectedDeceptions, peerAnalysesReceived }) => [
          statements,
          truncatedStatements,
          selfReportedDeceptions,
          peerDetectedDeceptions,
          peerAnalysesReceived,
        ],
      ),
    ).toEqual([
      [1, 0, 1, 1, 2],
      [1, 1, 0, 1, 1],
      [1, 0, 0, 1, 2],
    ]);
    expect(m.players[0].selfReportedTypes.fabrication).toBe(1);
    expect(m.players[0]).toMatchObject({ role: "Werewolf", team: "werewolves" });
    expect(m.players[0].averageSuspicionReceived).toBeCloseTo(0.6, 12);
    expect(m.players[1].averageSuspicionReceived).toBeCloseTo(0.6, 12);
    expect(m.players[2].averageSuspicionReceived).toBeCloseTo(0.55, 12);
  });

  it("scores each observer's labels against the speakers' self-reports (undefined ratios are null)", () => {
    expect(m.observers[0]).toEqual({
      seat: 0,
      tp: 0,
      tn: 0,
      fp: 1,
      fn: 0,
      total: 1,
      accuracy: 0,
      precision: 0,
      recall: null,
      f1: null,
    });
    expect(m.observers[1]).toEqual({
      seat: 1,
      tp: 1,
      tn: 0,
      fp: 0,
      fn: 0,
      total: 1,
      accuracy: 1,
      precision: 1,
      recall: 1,
      f1: 1,
    });
    expect(m.observers[2]).toEqual({
      seat: 2,
      tp: 0,
      tn: 0,
      fp: 0,
      fn: 1,
      total: 1,
      accuracy: 0,
      precision: null,
      recall: 0,
      f1: null,
    });
  });

  it("Brier-scores suspicion against the true roles (wolf = 1)", () => {
    expect(m.calibration.map((c) => c.judgements)).toEqual([2, 2, 1]);
    expect(m.calibration[0].brier).toBeCloseTo((0.36 + 0.04) / 2, 12);
    expect(m.calibration[1].brier).toBeCloseTo((0.04 + 0.81) / 2, 12);
    expect(m.calibration[2].brier).toBeCloseTo(0.36, 12);
    expect(m.overallBrier).toBeCloseTo(1.61 / 5, 12);
    expect(m.calibration[0].finalScoreBrier).toBeCloseTo((0.57 ** 2 + 0.29 ** 2) / 2, 12);
    expect(m.calibration[1].finalScoreBrier).toBeCloseTo((0.29 ** 2 + 0.78 ** 2) / 2, 12);
    expect(m.calibration[2].finalScoreBrier).toBeCloseTo(0.57 ** 2, 12);
  });

  it("rebuilds the cross-perception matrix after every analysed statement", () => {
    expect(m.suspicionTimeline.map((s) => [s.turn, s.speaker])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(m.suspicionTimeline[0].matrix).toEqual([
      [0.5, 0.5, 0.5],
      [0.71, 0.5, 0.5],
      [0.43, 0.5, 0.5],
    ]);
    expect(m.finalSuspicion).toEqual([
      [0.5, 0.57, 0.29],
      [0.71, 0.5, 0.78],
      [0.43, 0.5, 0.5],
    ]);
  });

  it("agrees with the engine's own matrix on a full game", () => {
    const game = playRandomGame(12);
    const metrics = werewolfMetrics(game.events);
    expect(metrics.finalSuspicion).toEqual(game.state.suspicion);
    expect(metrics.players.reduce((n, p) => n + p.statements, 0)).toBe(game.state.statements.length);
  });
});
