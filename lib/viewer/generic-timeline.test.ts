import { describe, expect, it } from "vitest";
import type { GameEvent } from "@/engine/core/game";
import { GenericTimeline } from "./generic-timeline";

const decisions = (round: number, latencyMs: number) => ({
  type: "decisions",
  round,
  decisions: { 0: {} },
  seats: { 0: { agentId: "a", agentKind: "builtin", status: "ok", latencyMs } },
});

/** A talk game's log: setup, then rounds of (agent error,) decisions and engine events. */
const log: GameEvent[] = [
  { type: "game_start" },
  { type: "night_start" },
  decisions(1, 30),
  { type: "wolf_proposal" },
  { type: "agent_error", round: 2, seat: 0 } as GameEvent,
  decisions(2, 70),
  { type: "statement" },
  { type: "statement" },
  decisions(3, 10),
  { type: "game_end" },
];

describe("GenericTimeline", () => {
  it("makes one frame of the setup and one per round, whatever the game", () => {
    const timeline = new GenericTimeline();
    timeline.append(log.map((payload, i) => ({ seq: i + 1, type: payload.type, payload })));
    expect(timeline.frameCount).toBe(4);
    expect([0, 1, 2, 3].map((f) => timeline.seqRange(f))).toEqual([
      [1, 2],
      [3, 4],
      [5, 8],
      [9, 10],
    ]);
    expect([0, 1, 2, 3].map((f) => timeline.describe(f))).toEqual(["setup", "round 1", "round 2", "round 3"]);
    expect(timeline.decisionMs(2)).toBe(70);
    expect(timeline.frameOfSeq(7)).toBe(2);
    expect(timeline.markers()).toEqual([{ frame: 3, kind: "end", label: "Game over" }]);
  });

  it("grows the same way when the log arrives event by event", () => {
    const timeline = new GenericTimeline();
    log.forEach((payload, i) => timeline.append([{ seq: i + 1, type: payload.type, payload }]));
    expect(timeline.frameCount).toBe(4);
    expect(timeline.seqRange(3)).toEqual([9, 10]);
    expect(timeline.lastSeq).toBe(10);
  });
});
