import type { Rng } from "../../core/rng";
import type { SocialGridConfig } from "./config";
import type { DoorInfo, MapInfo, Point } from "./events";
import { positionLabel, roomOf } from "./geometry";

export const TILE = { WALL: 0, FLOOR: 1, DOOR: 2, STATION: 3, BUTTON: 4 } as const;

/**
 * Derived, read-only lookup tables of a static map (typed arrays indexed by cell = y * width + x).
 * Built once per `MapInfo` object and cached; never part of the serialised state.
 */
export class MapIndex {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly kind: Uint8Array;
  /** Door id per cell, -1 elsewhere. */
  readonly doorAt: Int16Array;
  readonly doorCells: number[];
  /** `Rrc(x,y)` per cell. */
  readonly labels: string[];
  /** Room row/col per cell. */
  readonly rooms: Array<{ row: number; col: number }>;
  /** Neighbour cell offsets per facing index (RIGHT, DOWN, LEFT, UP). */
  readonly step: readonly [number, number, number, number];

  constructor(map: MapInfo) {
    this.width = map.width;
    this.height = map.height;
    this.size = map.width * map.height;
    this.kind = new Uint8Array(this.size);
    this.doorAt = new Int16Array(this.size).fill(-1);
    this.labels = new Array(this.size);
    this.rooms = new Array(this.size);
    this.step = [1, map.width, -1, -map.width];
    for (let y = 0; y < map.height; y++) {
      const row = map.tiles[y];
      for (let x = 0; x < map.width; x++) {
        const c = y * map.width + x;
        this.kind[c] = tileKind(row[x]);
        this.labels[c] = positionLabel(x, y, map.roomSize, map.layout);
        this.rooms[c] = roomOf(x, y, map.roomSize, map.layout);
      }
    }
    this.doorCells = map.doors.map((d) => {
      const c = d.pos.y * map.width + d.pos.x;
      this.doorAt[c] = d.id;
      this.kind[c] = TILE.DOOR;
      return c;
    });
  }

  cell(x: number, y: number): number {
    return y * this.width + x;
  }

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }
}

function tileKind(ch: string): number {
  switch (ch) {
    case ".":
      return TILE.FLOOR;
    case "D":
    case "O":
      return TILE.DOOR;
    case "T":
      return TILE.STATION;
    case "B":
      return TILE.BUTTON;
    default:
      return TILE.WALL;
  }
}

const indexCache = new WeakMap<MapInfo, MapIndex>();

export function mapIndex(map: MapInfo): MapIndex {
  let index = indexCache.get(map);
  if (!index) {
    index = new MapIndex(map);
    indexCache.set(map, index);
  }
  return index;
}

export interface GeneratedMap {
  map: MapInfo;
  /** Shared common-task stations. */
  commonStations: Point[];
  /** Per seat: its own short and long stations (impostors get stations for their fake tasks too). */
  playerStations: Array<{ short: Point[]; long: Point[] }>;
  spawns: Point[];
}

/**
 * R×C rooms of N×N tiles sharing walls, one closed door at a random spot of every shared wall, one button,
 * task stations and distinct spawns on random floor tiles. Objects never sit next to a doorway, every free
 * tile stays connected (doors counted as passable) and every object keeps a free side to face it from.
 */
export function generateMap(config: SocialGridConfig, rng: Rng): GeneratedMap {
  const { roomSize: n, layout } = config;
  const step = n - 1;
  const width = layout.cols * step + 1;
  const height = layout.rows * step + 1;
  const grid: string[][] = [];
  for (let y = 0; y < height; y++) {
    const row: string[] = [];
    for (let x = 0; x < width; x++) row.push(x % step === 0 || y % step === 0 ? "#" : ".");
    grid.push(row);
  }

  const doors: DoorInfo[] = [];
  for (let r = 0; r < layout.rows; r++) {
    for (let c = 0; c < layout.cols; c++) {
      const room = r * layout.cols + c;
      if (c + 1 < layout.cols) {
        const pos = { x: (c + 1) * step, y: r * step + rng.int(1, step - 1) };
        doors.push({ id: doors.length, pos, rooms: [room, room + 1] });
      }
      if (r + 1 < layout.rows) {
        const pos = { x: c * step + rng.int(1, step - 1), y: (r + 1) * step };
        doors.push({ id: doors.length, pos, rooms: [room, room + layout.cols] });
      }
    }
  }
  const reserved = new Set<string>();
  for (const d of doors) {
    grid[d.pos.y][d.pos.x] = "D";
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ])
      reserved.add(`${d.pos.x + dx},${d.pos.y + dy}`);
  }

  const placer = new ObjectPlacer(grid, reserved, rng);
  const button = placer.place("B");
  const commonStations = Array.from({ length: config.tasksPerCrewmate.common }, () => placer.place("T"));
  const playerStations = Array.from({ length: config.players }, () => ({
    short: Array.from({ length: config.tasksPerCrewmate.short }, () => placer.place("T")),
    long: Array.from({ length: config.tasksPerCrewmate.long }, () => placer.place("T")),
  }));
  const free = placer.freeTiles();
  rng.shuffle(free);
  if (free.length < config.players) throw new Error("socialgrid: no room left for player spawns");
  const spawns = free.slice(0, config.players);

  const map: MapInfo = {
    width,
    height,
    roomSize: n,
    layout: { rows: layout.rows, cols: layout.cols },
    tiles: grid.map((row) => row.join("")),
    doors,
    button,
  };
  return { map, commonStations, playerStations, spawns };
}

class ObjectPlacer {
  private readonly placed: Point[] = [];

  constructor(
    private readonly grid: string[][],
    private readonly reserved: Set<string>,
    private readonly rng: Rng,
  ) {}

  freeTiles(): Point[] {
    const out: Point[] = [];
    this.grid.forEach((row, y) => row.forEach((ch, x) => ch === "." && out.push({ x, y })));
    return out;
  }

  place(ch: "T" | "B"): Point {
    const candidates = this.rng.shuffle(this.freeTiles().filter((p) => !this.reserved.has(`${p.x},${p.y}`)));
    for (const p of candidates) {
      this.grid[p.y][p.x] = ch;
      this.placed.push(p);
      if (this.stillNavigable()) return p;
      this.placed.pop();
      this.grid[p.y][p.x] = ".";
    }
    throw new Error("socialgrid: cannot place every task station on this map; use larger rooms or fewer tasks");
  }

  private isFree(x: number, y: number): boolean {
    const ch = this.grid[y]?.[x];
    return ch === "." || ch === "D";
  }

  private stillNavigable(): boolean {
    const sides = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ];
    if (!this.placed.every((p) => sides.some(([dx, dy]) => this.grid[p.y + dy][p.x + dx] === "."))) return false;
    const free = this.freeTiles();
    const seen = new Set<string>([`${free[0].x},${free[0].y}`]);
    const stack = [free[0]];
    let doorTiles = 0;
    this.grid.forEach((row) => row.forEach((ch) => ch === "D" && doorTiles++));
    while (stack.length > 0) {
      const p = stack.pop()!;
      for (const [dx, dy] of sides) {
        const q = { x: p.x + dx, y: p.y + dy };
        const key = `${q.x},${q.y}`;
        if (!seen.has(key) && this.isFree(q.x, q.y)) {
          seen.add(key);
          stack.push(q);
        }
      }
    }
    return seen.size === free.length + doorTiles;
  }
}
