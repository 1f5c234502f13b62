import type { Point } from "./events";
import { DX, DY } from "./geometry";
import { TILE, type MapIndex } from "./map";
import { staticTileCode, type World } from "./world";

/**
 * Line of sight. A tile within the square field of view (Chebyshev radius r) is visible when no wall or
 * closed door lies strictly between the viewer and it on the straight line joining their centres; where the
 * line passes exactly between two tiles, either one being clear suffices (symmetric rule). The target tile
 * itself may be opaque (walls and doors are seen), and so is any wall or door beside a visible open tile.
 * What a viewer tile sees depends only on the doors inside its window, so visibility masks and patch
 * templates are cached per map, per viewer tile and per state of those nearby doors (a door toggled
 * elsewhere invalidates nothing).
 */
export class Sight {
  readonly index: MapIndex;
  readonly global: boolean;
  readonly radius: number;
  readonly span: number;
  private readonly cache: SightCache;

  constructor(
    index: MapIndex,
    private readonly doorsOpen: readonly boolean[],
    config: { observation: "fov" | "global"; fovRadius: number },
  ) {
    this.index = index;
    this.global = config.observation === "global";
    this.radius = config.fovRadius;
    this.span = 2 * this.radius + 1;
    this.cache = sightCache(index, this.radius);
  }

  canSee(from: Point, tx: number, ty: number): boolean {
    return this.global ? this.index.inBounds(tx, ty) : this.inMask(this.mask(from.x, from.y), from, tx, ty);
  }

  /** `canSee` with the viewer's mask already looked up (for many targets of one viewer). */
  inMask(mask: Uint8Array, from: Point, tx: number, ty: number): boolean {
    if (this.global) return this.index.inBounds(tx, ty);
    const r = this.radius;
    const dx = tx - from.x;
    const dy = ty - from.y;
    if (dx > r || dx < -r || dy > r || dy < -r) return false;
    return mask[(dy + r) * this.span + dx + r] === 1;
  }

  /** Visibility of the (2r+1)² square around a viewer tile, row-major from its top-left corner. */
  mask(x: number, y: number): Uint8Array {
    const key = this.localKey(x, y);
    let mask = this.cache.masks.get(key);
    if (!mask) {
      mask = this.computeMask(x, y);
      this.cache.masks.set(key, mask);
    }
    return mask;
  }

  /** The patch of a viewer tile without players and corpses (static tiles as the doors are now). */
  template(x: number, y: number): PatchTemplate {
    const key = this.global ? `global:${doorKey(this.doorsOpen)}` : this.localKey(x, y);
    let template = this.cache.templates.get(key);
    if (!template) {
      template = this.computeTemplate(x, y);
      this.cache.templates.set(key, template);
    }
    return template;
  }

  /** Viewer cell combined with the open/closed bits of the doors in its window. */
  private localKey(x: number, y: number): number {
    const cell = this.index.cell(x, y);
    const doors = this.cache.doorsNear(cell, x, y);
    let bits = 0;
    for (let i = 0; i < doors.length; i++) if (this.doorsOpen[doors[i]]) bits |= 1 << i;
    return cell + this.index.size * bits;
  }

  private isOpaque(c: number): boolean {
    const k = this.index.kind[c];
    return k === TILE.WALL || (k === TILE.DOOR && !this.doorsOpen[this.index.doorAt[c]]);
  }

  private computeTemplate(x: number, y: number): PatchTemplate {
    const { index } = this;
    const left = this.global ? 0 : x - this.radius;
    const top = this.global ? 0 : y - this.radius;
    const width = this.global ? index.width : this.span;
    const height = this.global ? index.height : this.span;
    const mask = this.global ? null : this.mask(x, y);
    const rows: string[] = [];
    const codes: number[] = new Array(width);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const visible = mask ? mask[j * width + i] === 1 : true;
        codes[i] = visible ? staticTileCode(index, this.doorsOpen, (top + j) * index.width + left + i) : UNSEEN_CODE;
      }
      rows.push(String.fromCharCode.apply(null, codes));
    }
    return { left, top, width, height, mask, rows };
  }

  private computeMask(x: number, y: number): Uint8Array {
    const { index, radius: r, span } = this;
    const lines = sightLines(r);
    const inLine = new Uint8Array(span * span);
    for (let k = 0; k < lines.length; k++) {
      const tx = x + (k % span) - r;
      const ty = y + Math.floor(k / span) - r;
      if (index.inBounds(tx, ty) && this.lineClear(x, y, lines[k])) inLine[k] = 1;
    }
    // A wall or closed door beside a visible open tile is seen too: lines grazing a wall would otherwise
    // hide the wall's own tiles. This reveals surfaces only, never what lies behind them.
    const mask = inLine.slice();
    for (let j = 0; j < span; j++) {
      for (let i = 0; i < span; i++) {
        const tx = x + i - r;
        const ty = y + j - r;
        if (mask[j * span + i] === 1 || !index.inBounds(tx, ty) || !this.isOpaque(index.cell(tx, ty))) continue;
        for (let k = 0; k < 4; k++) {
          const ni = i + DX[k];
          const nj = j + DY[k];
          if (ni < 0 || nj < 0 || ni >= span || nj >= span || inLine[nj * span + ni] === 0) continue;
          if (!this.isOpaque(index.cell(tx + DX[k], ty + DY[k]))) {
            mask[j * span + i] = 1;
            break;
          }
        }
      }
    }
    return mask;
  }

  private lineClear(x: number, y: number, steps: number[][]): boolean {
    for (const step of steps) if (!this.stepClear(x, y, step)) return false;
    return true;
  }

  private stepClear(x: number, y: number, step: number[]): boolean {
    for (let i = 0; i < step.length; i += 2) {
      if (!this.isOpaque(this.index.cell(x + step[i], y + step[i + 1]))) return true;
    }
    return false;
  }
}

/** Per map and radius: masks and templates keyed by viewer cell and nearby door states. */
class SightCache {
  readonly masks = new Map<number, Uint8Array>();
  readonly templates = new Map<number | string, PatchTemplate>();
  private readonly nearby: Array<number[] | undefined> = [];

  constructor(
    private readonly index: MapIndex,
    private readonly radius: number,
  ) {}

  /** Ids of the doors inside the window of a viewer cell. */
  doorsNear(cell: number, x: number, y: number): number[] {
    let ids = this.nearby[cell];
    if (!ids) {
      ids = [];
      for (const c of this.index.doorCells) {
        const dx = (c % this.index.width) - x;
        const dy = Math.floor(c / this.index.width) - y;
        if (Math.abs(dx) <= this.radius && Math.abs(dy) <= this.radius) ids.push(this.index.doorAt[c]);
      }
      this.nearby[cell] = ids;
    }
    return ids;
  }
}

const sightCaches = new WeakMap<MapIndex, Map<number, SightCache>>();

function sightCache(index: MapIndex, radius: number): SightCache {
  let byRadius = sightCaches.get(index);
  if (!byRadius) {
    byRadius = new Map();
    sightCaches.set(index, byRadius);
  }
  let cache = byRadius.get(radius);
  if (!cache) {
    cache = new SightCache(index, radius);
    byRadius.set(radius, cache);
  }
  return cache;
}

interface PatchTemplate {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Visibility per patch cell (null in global mode: everything is visible). */
  mask: Uint8Array | null;
  rows: string[];
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

/** The sight of a door configuration (cheap to create: the caches behind it are shared). */
export function sightFor(
  index: MapIndex,
  doorsOpen: readonly boolean[],
  config: { observation: "fov" | "global"; fovRadius: number },
): Sight {
  return new Sight(index, doorsOpen, config);
}

export const doorKey = (doorsOpen: readonly boolean[]): string => {
  let key = "";
  for (const open of doorsOpen) key += open ? "1" : "0";
  return key;
};

export const UNSEEN = "?";
const UNSEEN_CODE = UNSEEN.charCodeAt(0);
const SELF_BY_FACING = [">", "v", "<", "^"];

export interface AsciiPatch {
  /** Global coordinates of the top-left character. */
  topLeft: Point;
  /** One string per row, top to bottom. `?` = not visible; the viewer is `>`/`v`/`<`/`^` by facing. */
  rows: string[];
}

/**
 * The occluded (2r+1)² patch centred on the viewer, or the whole map in global observation mode: the cached
 * template of the viewer's tile with the visible corpses, players and the viewer itself written over it.
 */
export function asciiPatch(world: World, viewer: Point & { facing: number }): AsciiPatch {
  const template = world.sight.template(viewer.x, viewer.y);
  const rows = template.rows.slice();
  for (const c of world.state.corpses) put(template, rows, c.x, c.y, "C");
  for (const p of world.state.players) if (p.alive) put(template, rows, p.x, p.y, "P");
  put(template, rows, viewer.x, viewer.y, SELF_BY_FACING[viewer.facing - 100]);
  return { topLeft: { x: template.left, y: template.top }, rows };
}

/** Writes `ch` at a global position if it is a visible cell of the patch. */
function put(template: PatchTemplate, rows: string[], x: number, y: number, ch: string): void {
  const { left, top, width, height, mask } = template;
  const i = x - left;
  const j = y - top;
  if (i < 0 || j < 0 || i >= width || j >= height || (mask && mask[j * width + i] === 0)) return;
  rows[j] = rows[j].slice(0, i) + ch + rows[j].slice(i + 1);
}
