/**
 * The episode viewer's canvas stage: three stacked canvases (static map, dynamic, overlay) drawn at the
 * device pixel ratio with whole device pixels per cell. `show` draws a step at once, or glides from the
 * previous one with requestAnimationFrame; each layer is redrawn only when what it shows changed.
 */
import { visibleTo } from "@/engine/games/socialgrid/board";
import { isDrawn, type SocialGridFrame, type SocialGridTimeline } from "./timeline";
import { drawBase, drawDynamic, drawOverlay, facingAngle, type AgentPose, type Flash } from "./draw";

export interface SceneLayers {
  base: HTMLCanvasElement;
  dynamic: HTMLCanvasElement;
  overlay: HTMLCanvasElement;
}

export interface SceneView {
  selected: number | null;
  /** Show only what the selected player sees (its player view) instead of the god view. */
  pov: boolean;
  hover: number | null;
}

const FLASH_MS = 700;

type Visibility = (x: number, y: number) => boolean;

export class GridScene {
  private cell = 0;
  private dpr = 1;
  private step = -1;
  private from: SocialGridFrame | null = null;
  private animStart = 0;
  private animMs = 0;
  private flashStart = 0;
  private flashes: Flash[] = [];
  private request: number | null = null;
  private view: SceneView = { selected: null, pov: false, hover: null };
  private drawnBase = "";
  private drawnDynamic = "";
  private drawnOverlay = "";
  private wasAnimating = false;
  /** Dynamic-layer redraws so far (the benchmark's fps counter). */
  draws = 0;

  constructor(
    private readonly layers: SceneLayers,
    private readonly timeline: SocialGridTimeline,
    private readonly onAnimating: (animating: boolean) => void = () => {},
  ) {}

  get animating(): boolean {
    return this.request !== null;
  }

  /** Sizes the canvases to fit a CSS width with whole device pixels per cell; returns their CSS size. */
  resize(cssWidth: number, dpr: number): { width: number; height: number } {
    const map = this.timeline.start?.map;
    if (!map) return { width: 0, height: 0 };
    this.dpr = dpr;
    this.cell = Math.max(4, Math.floor((cssWidth * dpr) / map.width));
    const width = this.cell * map.width;
    const height = this.cell * map.height;
    for (const canvas of Object.values(this.layers)) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${width / dpr}px`;
      canvas.style.height = `${height / dpr}px`;
    }
    this.drawnBase = "";
    this.drawnDynamic = "";
    this.drawnOverlay = "";
    this.render();
    return { width: width / dpr, height: height / dpr };
  }

  show(step: number, animateMs: number) {
    const previous = this.step >= 0 ? this.timeline.frame(this.step) : null;
    this.step = step;
    const to = this.timeline.frame(step);
    const forwardByOne = previous !== null && to.index === previous.index + 1;
    this.from = animateMs > 0 && forwardByOne ? previous : null;
    this.animMs = animateMs;
    this.animStart = performance.now();
    this.flashes = [];
    if (this.from) {
      for (const k of to.kills) this.flashes.push({ kind: "kill", x: k.pos.x, y: k.pos.y, progress: 0 });
      for (const r of to.reports) this.flashes.push({ kind: "report", x: r.pos.x, y: r.pos.y, progress: 0 });
      this.flashStart = this.animStart;
    }
    this.render();
  }

  /** Redraws what changed in the timeline since the last draw (the newest frame may have grown). */
  refresh() {
    this.render();
  }

  setView(view: Partial<SceneView>) {
    this.view = { ...this.view, ...view };
    this.render();
  }

  /** The live seat drawn at a CSS position, if any. */
  seatAt(cssX: number, cssY: number): number | null {
    if (this.cell === 0 || this.step < 0) return null;
    const x = Math.floor((cssX * this.dpr) / this.cell);
    const y = Math.floor((cssY * this.dpr) / this.cell);
    const agents = this.agentPoses(this.timeline.frame(this.step), 1);
    const seat = agents.findIndex((a) => a !== null && Math.round(a.x) === x && Math.round(a.y) === y);
    return seat === -1 ? null : seat;
  }

  destroy() {
    if (this.request !== null) cancelAnimationFrame(this.request);
    this.request = null;
  }

  private render = () => {
    if (this.request !== null) cancelAnimationFrame(this.request);
    this.request = null;
    const start = this.timeline.start;
    if (!start || this.cell === 0 || this.step < 0) return;
    const now = performance.now();
    const to = this.timeline.frame(this.step);
    const alpha = this.from && this.animMs > 0 ? Math.min(1, (now - this.animStart) / this.animMs) : 1;
    const flashProgress = this.flashes.length > 0 ? Math.min(1, (now - this.flashStart) / FLASH_MS) : 1;
    const { selected } = this.view;
    // A player's log is seen through that player's eyes, whoever is selected.
    const viewer = this.timeline.pov ?? selected;
    // What the viewer sees, by the engine's rule (a dead player sees nothing).
    const sight = viewer === null ? null : visibleTo(to.board, viewer);
    const seesFrom = viewer !== null && to.fates[viewer] === "alive" ? viewer : null;
    const visible: Visibility | null =
      sight && (seesFrom !== null || this.view.pov) ? (x, y) => sight.canSee({ x, y }) : null;
    const agents = this.agentPoses(to, alpha);
    if (this.view.pov && sight && this.timeline.pov === null) {
      // "Only what this player sees" on the god log: the seats the engine says are in view.
      const shown = new Set([viewer, ...sight.players]);
      agents.forEach((a, seat) => {
        if (a && !shown.has(seat)) agents[seat] = null;
      });
    }

    if (this.drawnBase !== `${this.cell}`) {
      drawBase(this.layers.base.getContext("2d")!, start.map, this.cell);
      this.drawnBase = `${this.cell}`;
    }
    this.renderDynamic(to, alpha, agents, visible);
    this.renderOverlay(to, seesFrom, visible, agents, flashProgress);

    const animating = alpha < 1 || flashProgress < 1;
    if (animating) this.request = requestAnimationFrame(this.render);
    if (animating !== this.wasAnimating) {
      this.wasAnimating = animating;
      this.onAnimating(animating);
    }
  };

  private renderDynamic(
    to: SocialGridFrame,
    alpha: number,
    agents: Array<AgentPose | null>,
    visible: Visibility | null,
  ) {
    const start = this.timeline.start!;
    const { selected, pov } = this.view;
    const key = `${this.cell}|${to.index}|${to.lastSeq}|${this.from ? alpha : 1}|${selected}|${pov}`;
    if (key === this.drawnDynamic) return;
    this.drawnDynamic = key;
    this.draws += 1;
    const { roles } = this.timeline;
    // A player's view marks roles only for impostors, who know their teammates.
    const shownRoles = !pov ? roles : selected !== null && roles[selected] === "impostor" ? roles : null;
    drawDynamic(
      this.layers.dynamic.getContext("2d")!,
      {
        map: start.map,
        doorsOpen: to.doorsOpen,
        corpses: to.corpses,
        fates: to.fates,
        agents,
        roles: shownRoles,
        selected,
        tasks: selected === null ? undefined : { list: start.players[selected].tasks, progress: to.progress[selected] },
        corpseVisible: pov && visible ? visible : undefined,
      },
      this.cell,
    );
  }

  private renderOverlay(
    to: SocialGridFrame,
    seesFrom: number | null,
    visible: Visibility | null,
    agents: Array<AgentPose | null>,
    flashProgress: number,
  ) {
    const start = this.timeline.start!;
    const { selected, pov, hover } = this.view;
    const flashes = flashProgress < 1 ? this.flashes.map((f) => ({ ...f, progress: flashProgress })) : [];
    const hoverPose = hover !== null ? agents[hover] : null;
    const key = `${this.cell}|${to.index}|${to.lastSeq}|${selected}|${pov}|${hoverPose ? `${hoverPose.x},${hoverPose.y}` : ""}|${flashes.length ? flashProgress : ""}`;
    if (key === this.drawnOverlay) return;
    this.drawnOverlay = key;
    const global = start.config.observation === "global";
    const fovRadius = Number(start.config.fovRadius ?? 4);
    drawOverlay(
      this.layers.overlay.getContext("2d")!,
      {
        map: start.map,
        visible: global ? null : visible,
        fov:
          seesFrom === null || global
            ? null
            : { x: to.poses[seesFrom * 3], y: to.poses[seesFrom * 3 + 1], radius: fovRadius },
        hover: hoverPose ?? null,
        flashes,
        banner: to.meeting > 0 ? meetingBanner(to) : to.phase === "over" ? "Game over" : null,
      },
      this.cell,
    );
  }

  private agentPoses(to: SocialGridFrame, alpha: number): Array<AgentPose | null> {
    const from = this.from;
    return to.fates.map((_, seat) => {
      if (!isDrawn(to, seat)) return null;
      const x = to.poses[seat * 3];
      const y = to.poses[seat * 3 + 1];
      const angle = facingAngle(to.poses[seat * 3 + 2]);
      // Coming into a player's view: no glide from where it was last seen.
      if (!from || alpha >= 1 || !isDrawn(from, seat)) return { x, y, angle };
      const fx = from.poses[seat * 3];
      const fy = from.poses[seat * 3 + 1];
      let turn = angle - facingAngle(from.poses[seat * 3 + 2]);
      if (turn > Math.PI) turn -= 2 * Math.PI;
      if (turn < -Math.PI) turn += 2 * Math.PI;
      return { x: fx + (x - fx) * alpha, y: fy + (y - fy) * alpha, angle: angle - turn * (1 - alpha) };
    });
  }
}

function meetingBanner(frame: SocialGridFrame): string {
  const what = frame.phase === "discussion" ? "discussion" : frame.phase === "vote" ? "voting" : "votes counted";
  return `Meeting ${frame.meeting} · ${what}`;
}
