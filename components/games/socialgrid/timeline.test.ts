import { describe, expect, it } from "vitest";
import type { SocialGridState } from "@/engine/games/socialgrid";
import type { LoggedEvent } from "@/lib/arena/events";
import { playEpisode } from "./testing";
import { SocialGridTimeline, type SocialGridFrame } from "./timeline";

const QUICK = { maxSteps: 150, voteEvery: 25, killCooldown: 5 };

function build(entries: LoggedEvent[], chunk = entries.length) {
  const timeline = new SocialGridTimeline();
  for (let i = 0; i < entries.length; i += chunk) timeline.append(entries.slice(i, i + chunk));
  return timeline;
}

/** What the canvas and panels show of a frame, taken from the engine state instead. */
function fromEngine(state: SocialGridState) {
  return {
    poses: state.players.flatMap((p) => [p.x, p.y, p.facing]),
    fates: state.players.map((p) => p.fate),
    doorsOpen: state.doorsOpen,
    corpses: state.corpses.map((c) => ({ seat: c.seat, x: c.x, y: c.y })),
    progress: state.players.map((p) => p.progress),
    t: state.t,
  };
}

function fromFrame(frame: SocialGridFrame) {
  return {
    poses: Array.from(frame.poses),
    fates: frame.fates,
    doorsOpen: frame.doorsOpen,
    corpses: frame.corpses,
    progress: frame.progress,
    t: frame.t,
  };
}

describe("SocialGridTimeline", () => {
  for (const seed of [3, 6, 30]) {
    it(`shows at every step what the engine's own replay holds (seed ${seed})`, () => {
      const { entries, states } = playEpisode(QUICK, seed);
      const timeline = build(entries);
      expect(timeline.frameCount).toBe(states.length);
      states.forEach((state, step) =>
        expect(fromFrame(timeline.frame(step)), `step ${step}`).toEqual(fromEngine(state)),
      );
    });
  }

  it("covers kills, reports or buttons, ejections and the end in the test episodes", () => {
    const kinds = new Set<string>();
    for (const seed of [3, 6, 30]) for (const m of build(playEpisode(QUICK, seed).entries).markers()) kinds.add(m.kind);
    expect([...kinds].sort()).toEqual(["ejection", "end", "kill", "meeting", "report"]);
  });

  it("builds the same frames whether the log arrives at once or in pieces cut anywhere (live)", () => {
    const { entries } = playEpisode(QUICK, 11);
    const whole = build(entries);
    for (const chunk of [1, 7, 64]) {
      const pieces = build(entries, chunk);
      expect(pieces.frameCount).toBe(whole.frameCount);
      for (let step = 0; step < whole.frameCount; step++) expect(pieces.frame(step)).toEqual(whole.frame(step));
      expect(pieces.markers()).toEqual(whole.markers());
      expect(pieces.meetings).toEqual(whole.meetings);
    }
  });

  it("puts every marker on the frame of its event and labels it", () => {
    const { entries } = playEpisode(QUICK, 3);
    const timeline = build(entries);
    const killSeqs = entries.filter((e) => e.type === "kill").map((e) => e.seq);
    const kills = timeline.markers().filter((m) => m.kind === "kill");
    expect(kills.map((m) => m.frame)).toEqual(killSeqs.map((seq) => timeline.frameOfSeq(seq)));
    for (const m of kills) expect(m.label).toMatch(/^Player_\d+ killed Player_\d+$/);
    const meetings = timeline.markers().filter((m) => m.kind === "meeting" || m.kind === "report");
    expect(meetings.map((m) => m.frame)).toEqual(timeline.meetings.map((m) => m.startFrame));
    const end = timeline.markers().filter((m) => m.kind === "end");
    expect(end).toEqual([{ frame: timeline.frameCount - 1, kind: "end", label: expect.stringMatching(/win/) }]);
  });

  it("maps each seq to the frame holding it", () => {
    const { entries } = playEpisode(QUICK, 29);
    const timeline = build(entries);
    for (let step = 0; step < timeline.frameCount; step++) {
      const f = timeline.frame(step);
      expect(timeline.frameOfSeq(f.firstSeq)).toBe(step);
      expect(timeline.frameOfSeq(f.lastSeq)).toBe(step);
    }
  });

  it("groups each vote phase with its votes, tally and outcome, counted in the frame after it was called", () => {
    const { entries } = playEpisode(QUICK, 11);
    const timeline = build(entries);
    expect(timeline.meetings.length).toBeGreaterThan(0);
    for (const m of timeline.meetings.filter((x) => x.result)) {
      expect(m.endFrame).toBe(m.startFrame + 1);
      expect(m.votes.map((v) => v.seat).sort()).toEqual([...m.alive].sort());
      expect(timeline.frame(m.startFrame).meeting).toBe(m.round);
      expect(timeline.frame(m.endFrame!).meeting).toBe(m.round);
    }
  });

  it("gives each seat's latest decision with its status, and the agent error of a failed one", () => {
    const { entries } = playEpisode(QUICK, 3);
    const timeline = build(entries);
    const errors = entries.filter((e) => e.type === "agent_error");
    expect(errors.length).toBeGreaterThan(0);
    const error = errors[0].payload as unknown as { round: number; seat: number };
    const step = timeline.frameOfSeq(errors[0].seq);
    const decision = timeline.decisionAt(step, error.seat)!;
    expect(decision.round).toBe(error.round);
    expect(decision.meta?.status).toBe("timeout");
    expect(decision.error).toMatchObject({ kind: "timeout", seat: error.seat });
    expect(timeline.decisionAt(0, 0)).toBeNull();
  });

  it("cuts a macro round into one frame per env step", () => {
    const { entries } = playEpisode({ ...QUICK, macroMode: true }, 5);
    const timeline = build(entries);
    const steps = entries.filter((e) => e.type === "step");
    const voteRounds = entries.filter((e) => e.type === "vote_result").length;
    const statementRounds = new Set(
      entries
        .filter((e) => e.type === "statement")
        .map((e) => JSON.stringify([(e.payload as any).round, (e.payload as any).turn])),
    ).size;
    expect(timeline.frameCount).toBe(1 + steps.length + voteRounds + statementRounds);
    for (const entry of steps) {
      const frame = timeline.frame(timeline.frameOfSeq(entry.seq));
      for (const [seat, , , x, y, facing] of (entry.payload as any).acts as number[][]) {
        expect([frame.poses[seat * 3], frame.poses[seat * 3 + 1], frame.poses[seat * 3 + 2]]).toEqual([x, y, facing]);
      }
    }
  });

  it("follows discussion turns before the vote", () => {
    const { entries } = playEpisode({ ...QUICK, discussionRounds: 2 }, 7);
    const timeline = build(entries);
    const m = timeline.meetings.find((x) => x.result)!;
    expect(m.statements.length).toBeGreaterThan(0);
    expect(timeline.frame(m.startFrame).phase).toBe("discussion");
    expect(timeline.frame(m.startFrame + 1).phase).toBe("discussion");
    expect(timeline.frame(m.startFrame + 2).phase).toBe("vote");
    expect(m.endFrame).toBe(m.startFrame + 3);
  });
});
