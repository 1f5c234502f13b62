/**
 * The viewer's clock and position, shared by every game: current step, play/pause, speed, and following a
 * live episode. Framework-free: React reads it through `subscribe`/`getState`, and the game's stage (the
 * canvas) is told synchronously about each step change, so a seek is drawn before the call returns.
 */

export type Speed = 0.25 | 0.5 | 1 | 2 | 4 | "real";
export const SPEEDS: readonly Speed[] = [0.25, 0.5, 1, 2, 4, "real"];
/** One step lasts this long at 1×. */
export const STEP_MS_AT_1X = 200;
const MIN_STEP_MS = 16;
/** Longest glide between two consecutive steps (stepping by hand, following a live episode). */
const MAX_GLIDE_MS = 250;

export interface PlaybackState {
  step: number;
  frameCount: number;
  playing: boolean;
  speed: Speed;
  /** More frames may still arrive. */
  live: boolean;
  /** Live and jumping to each new frame as it arrives. */
  following: boolean;
}

/** `animateMs` > 0: glide from the previous step over that long; 0: show the step at once. */
export type StepListener = (step: number, animateMs: number) => void;

export interface Clock {
  now(): number;
  request(callback: (now: number) => void): number;
  cancel(id: number): void;
}

export const browserClock: Clock = {
  now: () => performance.now(),
  request: (callback) => requestAnimationFrame(callback),
  cancel: (id) => cancelAnimationFrame(id),
};

export function speedLabel(speed: Speed): string {
  return speed === "real" ? "Real time" : `${speed}×`;
}

export class PlaybackController {
  private state: PlaybackState;
  private readonly listeners = new Set<() => void>();
  private readonly stageListeners = new Set<StepListener>();
  private frameRequest: number | null = null;
  private lastTick = 0;
  /** Time already spent on the current step while playing. */
  private elapsed = 0;
  /** When the timeline last grew. */
  private lastArrival = -Infinity;

  constructor(
    private readonly clock: Clock,
    /** How long the agents took to decide a step (for real-time playback). */
    private readonly decisionMs: (step: number) => number = () => 0,
    initial: Partial<PlaybackState> = {},
  ) {
    this.state = { step: 0, frameCount: 0, playing: false, speed: 1, live: false, following: false, ...initial };
  }

  getState = (): PlaybackState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onStep(listener: StepListener): () => void {
    this.stageListeners.add(listener);
    return () => this.stageListeners.delete(listener);
  }

  stepMs(step: number): number {
    const { speed } = this.state;
    return speed === "real" ? Math.max(MIN_STEP_MS, this.decisionMs(step)) : STEP_MS_AT_1X / speed;
  }

  /** The timeline grew (or the episode ended: `live` false). Following viewers move to the newest frame. */
  setFrameCount(frameCount: number, live: boolean) {
    const last = frameCount - 1;
    const { following, step } = this.state;
    const now = this.clock.now();
    // Glide for about as long as frames take to arrive, so a live game moves continuously.
    const glideMs = Math.min(MAX_GLIDE_MS, Math.max(MIN_STEP_MS, (now - this.lastArrival) * 0.9));
    if (frameCount > this.state.frameCount) this.lastArrival = now;
    this.update({
      frameCount,
      live,
      following: live && following,
      playing: this.state.playing && (live || step < last),
    });
    if (following && last > step) this.moveTo(last, last - step === 1 ? glideMs : 0);
    else if (step > last && last >= 0) this.moveTo(last, 0);
    if (this.state.playing && !this.state.following) this.ensureTicking();
  }

  /** Jumps to a step (clamped). Leaves live following; playback, if on, continues from there. */
  seek(step: number) {
    this.update({ following: false });
    this.elapsed = 0;
    this.moveTo(this.clamp(step), 0);
    if (this.state.playing) this.ensureTicking();
  }

  next() {
    this.pause();
    const target = this.clamp(this.state.step + 1);
    if (target !== this.state.step) this.moveTo(target, Math.min(MAX_GLIDE_MS, this.stepMs(target)));
  }

  prev() {
    this.pause();
    this.moveTo(this.clamp(this.state.step - 1), 0);
  }

  restart() {
    this.seek(0);
  }

  end() {
    if (this.state.live) this.goLive();
    else this.seek(this.state.frameCount - 1);
  }

  play() {
    if (this.state.frameCount === 0) return;
    if (!this.state.live && this.state.step >= this.state.frameCount - 1) this.moveTo(0, 0);
    this.update({ playing: true });
    this.elapsed = 0;
    if (this.state.live && this.state.step >= this.state.frameCount - 1) this.update({ following: true });
    else this.ensureTicking();
  }

  pause() {
    this.stopTicking();
    this.update({ playing: false, following: false });
  }

  toggle() {
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: Speed) {
    this.update({ speed });
  }

  /** Back to the newest frame of a live episode, following it from now on. */
  goLive() {
    if (!this.state.live) return;
    this.stopTicking();
    this.update({ following: true, playing: true });
    this.moveTo(this.state.frameCount - 1, 0);
  }

  dispose() {
    this.stopTicking();
    this.listeners.clear();
    this.stageListeners.clear();
  }

  private tick = (now: number) => {
    this.frameRequest = null;
    if (!this.state.playing || this.state.following) return;
    this.elapsed += now - this.lastTick;
    this.lastTick = now;
    const last = this.state.frameCount - 1;
    let step = this.state.step;
    let duration = this.stepMs(step + 1);
    while (this.elapsed >= duration && step < last) {
      this.elapsed -= duration;
      step += 1;
      duration = this.stepMs(step + 1);
    }
    if (step !== this.state.step) {
      // One step: glide over its whole duration (continuous motion); several at once (a slow frame): jump.
      this.moveTo(step, step - this.state.step === 1 ? this.stepMs(step) : 0);
    }
    if (step >= last) {
      if (this.state.live) this.update({ following: true });
      else this.update({ playing: false });
      return;
    }
    this.frameRequest = this.clock.request(this.tick);
  };

  private ensureTicking() {
    if (this.frameRequest !== null) return;
    this.lastTick = this.clock.now();
    this.frameRequest = this.clock.request(this.tick);
  }

  private stopTicking() {
    if (this.frameRequest !== null) this.clock.cancel(this.frameRequest);
    this.frameRequest = null;
  }

  private clamp(step: number): number {
    return Math.max(0, Math.min(this.state.frameCount - 1, Math.round(step)));
  }

  private moveTo(step: number, animateMs: number) {
    if (step === this.state.step && animateMs > 0) animateMs = 0;
    this.state = { ...this.state, step };
    for (const listener of this.stageListeners) listener(step, animateMs);
    this.emit();
  }

  private update(patch: Partial<PlaybackState>) {
    const next = { ...this.state, ...patch };
    if ((Object.keys(patch) as Array<keyof PlaybackState>).every((k) => next[k] === this.state[k])) return;
    this.state = next;
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
