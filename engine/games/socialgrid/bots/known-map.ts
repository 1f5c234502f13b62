/**
 * A bot's own map, learned from the ascii patches it has seen, and a planner over it. Bots follow the
 * engine's oracle where it points where they want to go; this serves every other target (an impostor's
 * next fake station, anything at oracle level "low"). Unseen tiles are assumed walkable, so plans explore.
 */
import { ACTIONS, type Point } from "../events";
import { moveDirection, turnResult } from "../geometry";
import { ACTION_PREFERENCE, UNREACHABLE } from "../oracle";
import type { PlayerView } from "../view";
import { pointOf } from "./view";

const TILE = { UNSEEN: 0, FLOOR: 1, SOLID: 2, CLOSED_DOOR: 3, OPEN_DOOR: 4 } as const;

const TILE_BY_CHAR: Record<string, number> = {
  ".": TILE.FLOOR,
  "#": TILE.SOLID,
  T: TILE.SOLID,
  B: TILE.SOLID,
  D: TILE.CLOSED_DOOR,
  O: TILE.OPEN_DOOR,
};
/** Players, corpses and oneself hide the tile below: walkable floor unless known better. */
const COVERING = new Set(["P", "C", ">", "v", "<", "^"]);

export class KnownMap {
  private readonly kind: Uint8Array;
  private readonly step: readonly number[];
  private corpses = new Set<number>();
  /** The emergency button, once seen. */
  button: Point | null = null;
  private readonly fields = new Map<number, Uint16Array>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.kind = new Uint8Array(width * height);
    this.step = [1, width, -1, -width];
  }

  /** Learns the tiles of a view's patch; corpses in view block the way until the next view says otherwise. */
  absorb(view: PlayerView): void {
    const { topLeft, rows } = view.asciiPatch;
    let changed = false;
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j];
      for (let i = 0; i < row.length; i++) {
        const x = topLeft.x + i;
        const y = topLeft.y + j;
        if (x < 0 || y < 0 || x >= this.width || y >= this.height) continue;
        const c = y * this.width + x;
        const ch = row[i];
        if (ch === "B") this.button ??= { x, y };
        const kind = TILE_BY_CHAR[ch] ?? (COVERING.has(ch) && this.kind[c] === TILE.UNSEEN ? TILE.FLOOR : this.kind[c]);
        if (kind !== this.kind[c]) {
          this.kind[c] = kind;
          changed = true;
        }
      }
    }
    const corpses = new Set<number>();
    for (const label in view.visibleCorpses) {
      const at = pointOf(label);
      if (at) corpses.add(at.y * this.width + at.x);
    }
    if (changed || !sameSet(corpses, this.corpses)) this.fields.clear();
    this.corpses = corpses;
  }

  /**
   * The best allowed first action towards facing `target` from `pose`; null once it is faced, or when the
   * known map offers no way (the caller then improvises).
   */
  nextAction(pose: Point & { facing: number }, target: Point, allowed: readonly number[]): number | null {
    const dist = this.field(target.y * this.width + target.x);
    const here = pose.y * this.width + pose.x;
    const f = pose.facing - 100;
    if (dist[here * 4 + f] === 0) return null;
    let best: number | null = null;
    let bestCost = UNREACHABLE;
    for (const action of ACTION_PREFERENCE) {
      if (!allowed.includes(action)) continue;
      let cost: number;
      const dir = moveDirection(action, f);
      if (dir >= 0) cost = 1 + dist[(here + this.step[dir]) * 4 + f];
      else if (action === ACTIONS.OPEN_DOOR) cost = 2 + dist[(here + this.step[f]) * 4 + f];
      else cost = 1 + dist[here * 4 + turnResult(action, f)];
      if (cost < bestCost) {
        bestCost = cost;
        best = action;
      }
    }
    return best;
  }

  /** Can be stood on, doors included (a closed one once opened). */
  private standable(c: number): boolean {
    return this.kind[c] !== TILE.SOLID && !this.corpses.has(c);
  }

  private inside(c: number, dir: number): boolean {
    const x = c % this.width;
    const y = (c - x) / this.width;
    if (dir === 0) return x + 1 < this.width;
    if (dir === 1) return y + 1 < this.height;
    if (dir === 2) return x > 0;
    return y > 0;
  }

  /** Actions until facing `target` from every pose (cell × facing), by a backward search; moves keep facing. */
  private field(target: number): Uint16Array {
    const cached = this.fields.get(target);
    if (cached) return cached;
    const size = this.width * this.height;
    const dist = new Uint16Array(size * 4).fill(UNREACHABLE);
    const buckets: number[][] = [[], [], []];
    const reach = (node: number, d: number) => {
      if (d >= dist[node]) return;
      dist[node] = d;
      buckets[d % 3].push(node);
    };
    for (let f = 0; f < 4; f++) {
      // The cell from which facing f looks at the target.
      if (!this.inside(target, (f + 2) & 3)) continue;
      const from = target - this.step[f];
      if (this.standable(from)) reach(from * 4 + f, 0);
    }
    for (let d = 0, pending = buckets[0].length; pending > 0; d++) {
      const bucket = buckets[d % 3];
      buckets[d % 3] = [];
      for (const node of bucket) {
        if (dist[node] !== d) continue;
        const cell = node >> 2;
        const f = node & 3;
        for (let g = 0; g < 4; g++) if (g !== f) reach(cell * 4 + g, d + 1);
        for (let dir = 0; dir < 4; dir++) {
          if (!this.inside(cell, (dir + 2) & 3)) continue;
          const prev = cell - this.step[dir];
          if (!this.standable(prev)) continue;
          if (this.kind[cell] === TILE.CLOSED_DOOR) {
            if (dir === f) reach(prev * 4 + f, d + 2);
          } else reach(prev * 4 + f, d + 1);
        }
      }
      pending = buckets[0].length + buckets[1].length + buckets[2].length;
    }
    this.fields.set(target, dist);
    return dist;
  }
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const v of a) if (!b.has(v)) return false;
  return true;
}
