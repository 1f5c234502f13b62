import { describe, expect, it } from "vitest";
import { Rng } from "../../core/rng";
import { socialGridConfigSchema } from "./config";
import { positionLabel } from "./geometry";
import { generateMap } from "./map";
import { socialgrid } from "./index";

const config = (input: object = {}) => socialGridConfigSchema.parse(input);

function floodFrom(tiles: string[], start: { x: number; y: number }): Set<string> {
  const seen = new Set([`${start.x},${start.y}`]);
  const stack = [start];
  while (stack.length) {
    const p = stack.pop()!;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const q = { x: p.x + dx, y: p.y + dy };
      const ch = tiles[q.y]?.[q.x];
      if ((ch === "." || ch === "D") && !seen.has(`${q.x},${q.y}`)) {
        seen.add(`${q.x},${q.y}`);
        stack.push(q);
      }
    }
  }
  return seen;
}

describe("map generation", () => {
  it("builds 2×2 rooms of 10 sharing walls into a 19×19 grid with one closed door per shared wall", () => {
    const { map } = generateMap(config(), Rng.seeded(1));
    expect(map.width).toBe(19);
    expect(map.height).toBe(19);
    for (let i = 0; i < 19; i++) {
      for (const line of [0, 9, 18]) {
        expect(["#", "D"]).toContain(map.tiles[line][i]);
        expect(["#", "D"]).toContain(map.tiles[i][line]);
      }
    }
    expect(map.doors).toHaveLength(4);
    for (const door of map.doors) {
      expect(map.tiles[door.pos.y][door.pos.x]).toBe("D");
      const onVertical = door.pos.x === 9 && door.pos.y % 9 !== 0;
      const onHorizontal = door.pos.y === 9 && door.pos.x % 9 !== 0;
      expect(onVertical || onHorizontal).toBe(true);
    }
    expect(map.doors.map((d) => d.rooms)).toEqual([
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(map.tiles.join("").split("B")).toHaveLength(2);
    expect(map.tiles[map.button.y][map.button.x]).toBe("B");
  });

  it("places distinct stations and spawns, keeps every free tile connected and every object reachable", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const c = config({ layout: { rows: 1 + (seed % 3), cols: 1 + ((seed + 1) % 3) } });
      const generated = generateMap(c, Rng.seeded(seed));
      const { map, spawns, commonStations, playerStations } = generated;
      const stations = [...commonStations, ...playerStations.flatMap((s) => [...s.short, ...s.long])];
      expect(stations).toHaveLength(1 + 2 * c.players);
      expect(new Set(stations.map((p) => `${p.x},${p.y}`)).size).toBe(stations.length);
      for (const s of stations) expect(map.tiles[s.y][s.x]).toBe("T");
      expect(new Set(spawns.map((p) => `${p.x},${p.y}`)).size).toBe(c.players);
      for (const s of spawns) expect(map.tiles[s.y][s.x]).toBe(".");
      const reached = floodFrom(map.tiles, spawns[0]);
      const free = map.tiles
        .join("")
        .split("")
        .filter((ch) => ch === "." || ch === "D").length;
      expect(reached.size).toBe(free);
      for (const o of [...stations, map.button]) {
        const sides = [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ].map(([dx, dy]) => `${o.x + dx},${o.y + dy}`);
        expect(sides.some((s) => reached.has(s))).toBe(true);
      }
    }
  });

  it("sizes other layouts and room sizes as N-1 per room plus one", () => {
    const { map } = generateMap(config({ roomSize: 14, layout: { rows: 3, cols: 3 } }), Rng.seeded(3));
    expect([map.width, map.height]).toEqual([40, 40]);
    expect(map.doors).toHaveLength(12);
  });

  it("is a function of the seed", () => {
    const a = socialgrid.setup(config(), 42).events[0];
    const b = socialgrid.setup(config(), 42).events[0];
    const c = socialgrid.setup(config(), 43).events[0];
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("deals roles, tasks (shared common station, own short/long) and optimal step counts", () => {
    const start = socialgrid.setup(config(), 5).events[0];
    if (start.type !== "game_start") throw new Error("expected game_start");
    expect(start.players.filter((p) => p.role === "impostor")).toHaveLength(2);
    const commons = new Set(start.players.map((p) => JSON.stringify(p.tasks[0].station)));
    expect(commons.size).toBe(1);
    for (const p of start.players) {
      expect(p.tasks.map((t) => [t.kind, t.required, t.fake])).toEqual([
        ["common", 3, p.role === "impostor"],
        ["short", 8, p.role === "impostor"],
        ["long", 13, p.role === "impostor"],
      ]);
      for (const t of p.tasks) expect(t.optimalSteps).toBeGreaterThan(t.required);
    }
    expect(new Set(start.players.flatMap((p) => p.tasks.map((t) => t.id))).size).toBe(21);
  });

  it("labels positions Rrc(x,y) with the room row and column", () => {
    expect(positionLabel(12, 8, 10, { rows: 2, cols: 2 })).toBe("R01(12,8)");
    expect(positionLabel(5, 3, 10, { rows: 2, cols: 2 })).toBe("R00(5,3)");
    expect(positionLabel(3, 14, 10, { rows: 2, cols: 2 })).toBe("R10(3,14)");
  });

  it("rejects configurations that cannot hold their tasks", () => {
    expect(socialGridConfigSchema.safeParse({ roomSize: 5, layout: { rows: 1, cols: 1 } }).success).toBe(false);
    expect(socialGridConfigSchema.safeParse({ players: 3, impostors: 3 }).success).toBe(false);
  });
});
