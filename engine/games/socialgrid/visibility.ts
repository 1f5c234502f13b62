import type { Point } from "./events";
import { TILE, type MapIndex } from "./map";
import type { World } from "./world";

/**
 * Line of sight. A tile within the square field of view (Chebyshev radius r) is visible when no wall or
 * closed door lies strictly between the viewer and it on the straight line joining their centres; where the
 * line passes exactly between two tiles, either one being clear suffices (symmetric rule). The target tile
 * itself may be opaque (walls and doors are seen). Sight depends only on walls and door states, so the
 * visible set of every viewer tile is computed once per door configuration and cached.
 */
export class Sight {
  readonly span: number;
  /** 1 where sight is blocked (walls, closed doors). */
  private readonly opaque: Uint8Array;
  private readonly masks = new Map<number, Uint8Array>();

  constructor(
    readonly index: MapIndex,
    doorsOpen: readonly boolean[],
    readonly global: boolean,
    readonly radius: number,
  ) {
    this.span = 2 * radius + 1;
    this.opaque = new Uint8Array(index.size);
    for (let c = 0; c < index.size; c++) {
      const k = index.kind[c];
      this.opaque[c] = k === TILE.WALL || (k === TILE.DOOR && !doorsOpen[index.doorAt[c]]) ? 1 : 0;
    }
  }

  canSee(from: Point, tx: number, ty: number): boolean {
    if (!this.index.inBounds(tx, ty)) return false;
    if (this.global) return true;
    const r = this.radius;
    const dx = tx - from.x;
    const dy = ty - from.y;
    if (dx > r || dx < -r || dy > r || dy < -r) return false;
    return this.mask(from.x, from.y)[(dy + r) * this.span + dx + r] === 1;
  }

  /** Visibility of the (2r+1)² square around a viewer tile, row-major from its top-left corner. */
  mask(x: number, y: number): Uint8Array {
    const cell = this.index.cell(x, y);
    let mask = this.masks.get(cell);
    if (!mask) {
      mask = this.computeMask(x, y);
      this.masks.set(cell, mask);
    }
    return mask;
  }

  private computeMask(x: number, y: number): Uint8Array {
    const { index, radius: r, span } = this;
    const lines = sightLines(r);
    const mask = new Uint8Array(span * span);
    for (let k = 0; k < lines.length; k++) {
      const tx = x + (k % span) - r;
      const ty = y + Math.floor(k / span) - r;
      if (!index.inBounds(tx, ty)) continue;
      mask[k] = lines[k].every((step) => this.stepClear(x, y, step)) ? 1 : 0;
    }
    return mask;
  }

  private stepClear(x: number, y: number, step: number[]): boolean {
    for (let i = 0; i < step.length; i += 2) {
      if (this.opaque[this.index.cell(x + step[i], y + step[i + 1])] === 0) return true;
    }
    return false;
  }
}

const sightLineTables = new Map<number, number[][][]>();

/** Per offset (row-major over the square): the steps strictly between, each a flat list of candidate (dx, dy). */
function sightLines(radius: number): number[][][] {
  let lines = sightLineTables.get(radius);
  if (!lines) {
    lines = [];
    for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) lines.push(lineSteps(dx, dy));
    sightLineTables.set(radius, lines);
  }
  return lines;
}

function lineSteps(dx: number, dy: number): number[][] {
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const steps: number[][] = [];
  for (let k = 1; k < n; k++) {
    const step: number[] = [];
    for (const x of candidates((dx * k) / n)) for (const y of candidates((dy * k) / n)) step.push(x, y);
    steps.push(step);
  }
  return steps;
}

function candidates(v: number): number[] {
  const lo = Math.floor(v);
  const frac = v - lo;
  if (Math.abs(frac - 0.5) < 1e-9) return [lo, lo + 1];
  return [frac < 0.5 ? lo : lo + 1];
}

const sightsByMap = new WeakMap<MapIndex, Map<string, Sight>>();
const MAX_SIGHTS_PER_MAP = 64;

/** The (cached) sight of a door configuration. */
export function sightFor(
  index: MapIndex,
  doorsOpen: readonly boolean[],
  config: { observation: "fov" | "global"; fovRadius: number },
): Sight {
  let sights = sightsByMap.get(index);
  if (!sights) {
    sights = new Map();
    sightsByMap.set(index, sights);
  }
  const key = `${config.observation}:${config.fovRadius}:${doorKey(doorsOpen)}`;
  let sight = sights.get(key);
  if (!sight) {
    sight = new Sight(index, doorsOpen, config.observation === "global", config.fovRadius);
    if (sights.size >= MAX_SIGHTS_PER_MAP) sights.delete(sights.keys().next().value!);
    sights.set(key, sight);
  }
  return sight;
}

export const doorKey = (doorsOpen: readonly boolean[]): string => {
  let key = "";
  for (const open of doorsOpen) key += open ? "1" : "0";
  return key;
};

export const UNSEEN = "?";
const UNSEEN_CODE = UNSEEN.charCodeAt(0);
const SELF_BY_FACING = [">", "v", "<", "^"].map((ch) => ch.charCodeAt(0));

export interface AsciiPatch {
  /** Global coordinates of the top-left character. */
  topLeft: Point;
  /** One string per row, top to bottom. `?` = not visible; the viewer is `>`/`v`/`<`/`^` by facing. */
  rows: string[];
}

/** The occluded (2r+1)² patch centred on the viewer, or the whole map in global observation mode. */
export function asciiPatch(world: World, viewer: Point & { facing: number }): AsciiPatch {
  const sight = world.sight;
  const { index } = sight;
  const r = sight.radius;
  const x0 = sight.global ? 0 : viewer.x - r;
  const y0 = sight.global ? 0 : viewer.y - r;
  const w = sight.global ? index.width : sight.span;
  const h = sight.global ? index.height : sight.span;
  const mask = sight.global ? null : sight.mask(viewer.x, viewer.y);
  const codes: number[] = new Array(w);
  const rows: string[] = new Array(h);
  for (let j = 0; j < h; j++) {
    const y = y0 + j;
    for (let i = 0; i < w; i++) {
      const x = x0 + i;
      if (x === viewer.x && y === viewer.y) codes[i] = SELF_BY_FACING[viewer.facing - 100];
      else if (mask ? mask[j * w + i] === 1 : index.inBounds(x, y)) codes[i] = world.tileCode(y * index.width + x);
      else codes[i] = UNSEEN_CODE;
    }
    rows[j] = String.fromCharCode.apply(null, codes);
  }
  return { topLeft: { x: x0, y: y0 }, rows };
}
