import { describe, expect, it } from "vitest";
import type { Role } from "@/engine/games/socialgrid/events";
import type { Meeting } from "./timeline";
import { trustSeries } from "./trust";

const roles: Role[] = ["crewmate", "impostor", "crewmate"];

const vote = (seat: number, trust: Record<string, number>) => ({
  type: "vote" as const,
  t: 10,
  round: 1,
  seat,
  vote: "skip" as const,
  trust,
  thought: "",
});

const meeting = (round: number, endFrame: number | null, votes: ReturnType<typeof vote>[]): Meeting => ({
  round,
  reason: "schedule",
  caller: null,
  body: null,
  t: round * 10,
  taskCompletion: 0,
  alive: [0, 1, 2],
  startFrame: endFrame === null ? 50 : endFrame - 1,
  endFrame,
  statements: [],
  votes,
  result: null,
});

const meetings = [
  meeting(1, 11, [vote(0, { 1: 0.2, 2: 0.8 }), vote(1, { 0: 0.6, 2: 0.4 }), vote(2, { 0: 1, 1: 0.3 })]),
  meeting(2, 21, [vote(0, { 1: 0.1, 2: 0.9 }), vote(2, { 0: 0.5, 1: 0.5 })]),
  meeting(3, null, []),
];

describe("trustSeries", () => {
  it("without filters: one line per target with the mean trust it received, at each counted vote", () => {
    const { rows, lines } = trustSeries(meetings, roles, { voter: null, target: null });
    expect(lines.map((l) => [l.key, l.impostor])).toEqual([
      ["s0", false],
      ["s1", true],
      ["s2", false],
    ]);
    expect(rows).toEqual([
      { frame: 11, round: 1, s0: 0.8, s1: 0.25, s2: 0.6000000000000001 },
      { frame: 21, round: 2, s0: 0.5, s1: 0.3, s2: 0.9 },
    ]);
  });

  it("by voter: that voter's trust in every other player", () => {
    const { rows, lines } = trustSeries(meetings, roles, { voter: 0, target: null });
    expect(lines.map((l) => l.label)).toEqual(["in Player_1", "in Player_2"]);
    expect(rows.map((r) => [r.s1, r.s2])).toEqual([
      [0.2, 0.8],
      [0.1, 0.9],
    ]);
  });

  it("by target: every voter's trust in it, with gaps where a voter did not vote", () => {
    const { rows, lines } = trustSeries(meetings, roles, { voter: null, target: 2 });
    expect(lines.map((l) => [l.label, l.impostor])).toEqual([
      ["by Player_0", false],
      ["by Player_1", true],
    ]);
    expect(rows).toEqual([
      { frame: 11, round: 1, s0: 0.8, s1: 0.4 },
      { frame: 21, round: 2, s0: 0.9 },
    ]);
  });

  it("voter and target: one line", () => {
    const { rows, lines } = trustSeries(meetings, roles, { voter: 2, target: 1 });
    expect(lines).toEqual([{ key: "s0", label: "Player_2 → Player_1", seat: 1, impostor: true }]);
    expect(rows.map((r) => r.s0)).toEqual([0.3, 0.5]);
  });
});
