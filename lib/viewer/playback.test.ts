import { describe, expect, it } from "vitest";
import { PlaybackController, STEP_MS_AT_1X, type Clock } from "./playback";

/** A clock whose animation frames run only when the test advances time. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, (now: number) => void>();
  const clock: Clock = {
    now: () => now,
    request: (cb) => {
      pending.set(next, cb);
      return next++;
    },
    cancel: (id) => pending.delete(id),
  };
  const advance = (ms: number, frameMs = 16) => {
    for (let t = 0; t < ms; t += frameMs) {
      now += frameMs;
      const callbacks = [...pending.values()];
      pending.clear();
      for (const cb of callbacks) cb(now);
    }
  };
  return { clock, advance, pending };
}

function player(frames: number, options: { live?: boolean; decisionMs?: (step: number) => number } = {}) {
  const { clock, advance, pending } = fakeClock();
  const controller = new PlaybackController(clock, options.decisionMs);
  const drawn: Array<[number, number]> = [];
  controller.onStep((step, animateMs) => drawn.push([step, animateMs]));
  controller.setFrameCount(frames, options.live ?? false);
  return { controller, advance, drawn, pending };
}

describe("PlaybackController", () => {
  it("seeks at once (clamped) and tells the stage synchronously, without animation", () => {
    const { controller, drawn } = player(100);
    controller.seek(42);
    expect(controller.getState().step).toBe(42);
    expect(drawn.at(-1)).toEqual([42, 0]);
    controller.seek(1_000);
    expect(controller.getState().step).toBe(99);
    controller.seek(-5);
    expect(controller.getState().step).toBe(0);
  });

  it("steps forward with a glide and back without one; stepping pauses playback", () => {
    const { controller, drawn } = player(10);
    controller.play();
    controller.next();
    expect(controller.getState()).toMatchObject({ step: 1, playing: false });
    expect(drawn.at(-1)![1]).toBeGreaterThan(0);
    controller.prev();
    expect(drawn.at(-1)).toEqual([0, 0]);
    controller.prev();
    expect(controller.getState().step).toBe(0);
  });

  it("plays at the chosen speed and stops at the end of a finished episode", () => {
    const { controller, advance } = player(50);
    controller.setSpeed(4);
    controller.play();
    advance((STEP_MS_AT_1X * 10) / 4 + 8);
    expect(controller.getState().step).toBe(10);
    controller.setSpeed(0.5);
    advance(STEP_MS_AT_1X * 2);
    expect(controller.getState().step).toBe(11);
    controller.setSpeed(4);
    advance(60_000);
    expect(controller.getState()).toMatchObject({ step: 49, playing: false });
  });

  it("in real time, each step lasts as long as its agents took to decide", () => {
    const { controller, advance } = player(20, { decisionMs: (step) => (step === 3 ? 1_000 : 100) });
    controller.setSpeed("real");
    controller.play();
    advance(250);
    expect(controller.getState().step).toBe(2);
    advance(600);
    expect(controller.getState().step).toBe(2);
    advance(400);
    expect(controller.getState().step).toBe(3);
  });

  it("play at the end of a replay starts over", () => {
    const { controller } = player(5);
    controller.seek(4);
    controller.play();
    expect(controller.getState()).toMatchObject({ step: 0, playing: true });
  });

  it("follows a live episode until the user scrubs back, and the Live button returns", () => {
    const { controller, drawn } = player(10, { live: true });
    controller.goLive();
    expect(controller.getState()).toMatchObject({ step: 9, following: true, playing: true });
    controller.setFrameCount(11, true);
    expect(controller.getState().step).toBe(10);
    expect(drawn.at(-1)![1]).toBeGreaterThan(0);
    controller.setFrameCount(15, true);
    expect(drawn.at(-1)).toEqual([14, 0]);

    controller.seek(3);
    expect(controller.getState()).toMatchObject({ step: 3, following: false });
    controller.setFrameCount(16, true);
    expect(controller.getState().step).toBe(3);

    controller.goLive();
    expect(controller.getState()).toMatchObject({ step: 15, following: true });
  });

  it("playing a live episode catches up with the newest frame, then follows it", () => {
    const { controller, advance } = player(10, { live: true });
    controller.seek(5);
    controller.setSpeed(4);
    controller.play();
    advance(1_000);
    expect(controller.getState()).toMatchObject({ step: 9, following: true, playing: true });
    controller.setFrameCount(12, true);
    expect(controller.getState().step).toBe(11);
  });

  it("stops following when the episode ends, and pausing stops the clock", () => {
    const { controller, pending } = player(10, { live: true });
    controller.goLive();
    controller.setFrameCount(12, false);
    expect(controller.getState()).toMatchObject({ step: 11, following: false, live: false });
    controller.seek(0);
    controller.play();
    expect(pending.size).toBe(1);
    controller.pause();
    expect(pending.size).toBe(0);
  });
});
