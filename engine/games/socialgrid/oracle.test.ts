import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIONS, type Facing, type MapInfo, type Point } from "./events";
import { act, eventsOf, fixture } from "./fixtures";
import { DX, DY } from "./geometry";
import { socialgrid } from "./index";
import { navigatorFor, staticNavigator, type Pose } from "./oracle";

/**
 * Reference: breadth-first search over (x, y, facing, open-door set) with the real action rules — four
 * moves that keep the facing, three turns, OPEN_DOOR on a closed door in front. Walls, stations, the
 * button and the target block; doors block until opened.
 */
function bruteForce(map: MapInfo, open: boolean[], start: Pose, target: Point): number | null {
  const doorAt = new Map(map.doors.map((d) => [`${d.pos.x},${d.pos.y}`, d.id]));
  const walkable = (x: number, y: number, mask: number) => {
    if (x === target.x && y === target.y) return false;
    const door = doorAt.get(`${x},${y}`);
    if (door !== undefined) return ((mask >> door) & 1) === 1;
    return map.tiles[y]?.[x] === ".";
  };
  const initial = open.reduce((m, o, i) => (o ? m | (1 << i) : m), 0);
  const key = (x: number, y: number, f: number, m: number) => `${x},${y},${f},${m}`;
  let frontier = [[start.x, start.y, start.facing - 100, initial]];
  const seen = new Set([key(start.x, start.y, start.facing - 100, initial)]);
  for (let d = 0; frontier.length > 0; d++) {
    const next: number[][] = [];
    for (const [x, y, f, m] of frontier) {
      if (x + DX[f] === target.x && y + DY[f] === target.y) return d;
      const succ: number[][] = [];
      for (let k = 0; k < 4; k++) if (walkable(x + DX[k], y + DY[k], m)) succ.push([x + DX[k], y + DY[k], f, m]);
      for (const g of [1, 2, 3]) succ.push([x, y, (f + g) & 3, m]);
      const door = doorAt.get(`${x + DX[f]},${y + DY[f]}`);
      if (door !== undefined && ((m >> door) & 1) === 0) succ.push([x, y, f, m | (1 << door)]);
      for (const s of succ) {
        const k = key(s[0], s[1], s[2], s[3]);
        if (!seen.has(k)) {
          seen.add(k);
          next.push(s);
        }
      }
    }
    frontier = next;
  }
  return null;
}

const arbitraryRoom = fc
  .record({
    width: fc.integer({ min: 4, max: 9 }),
    height: fc.integer({ min: 4, max: 8 }),
    cells: fc.array(fc.constantFrom(".", ".", ".", "#", "T", "D", "O"), { minLength: 72, maxLength: 72 }),
    picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    facing: fc.constantFrom<Facing>(100, 101, 102, 103),
  })
  .map(({ width, height, cells, picks, facing }) => {
    const rows: string[][] = Array.from({ length: height }, (_, y) =>
      Array.from({ length: width }, (_, x): string =>
        x === 0 || y === 0 || x === width - 1 || y === height - 1 ? "#" : cells[(y * width + x) % cells.length],
      ),
    );
    const inner = rows.flatMap((row, y) => row.map((ch, x) => ({ x, y, ch }))).filter((c) => c.ch === ".");
    return { rows, inner, picks, facing };
  })
  .filter(({ inner }) => inner.length >= 3);

describe("planning oracle", () => {
  it("matches a brute-force search over poses and door states on random rooms", () => {
    fc.assert(
      fc.property(arbitraryRoom, ({ rows, inner, picks, facing }) => {
        const start = inner[picks[0] % inner.length];
        const button = inner[picks[1] % inner.length];
        if (button === start) return;
        rows[button.y][button.x] = "B";
        const state = fixture({ map: rows.map((r) => r.join("")), players: [{ at: [start.x, start.y], facing }] });
        const nav = staticNavigator(state);
        const pose = { x: start.x, y: start.y, facing };
        for (let ty = 0; ty < rows.length; ty++) {
          for (let tx = 0; tx < rows[0].length; tx++) {
            // Targets are occupied tiles (stations, players, corpses): never the player's own.
            if (tx === start.x && ty === start.y) continue;
            const target = { x: tx, y: ty };
            expect(nav.distance(pose, target)).toBe(bruteForce(state.map, state.doorsOpen, pose, target));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("counts a closed door on the way as OPEN_DOOR plus the step into it", () => {
    const map = ["#######", "#..#..#", "#..D.T#", "#..#.B#", "#######"];
    const state = fixture({ map, players: [{ at: [1, 2], facing: 101 }] });
    const nav = staticNavigator(state);
    // Facing down: strafe left to (2,2), turn to face the door, OPEN_DOOR, step into it, step on; the station
    // is then in front. (Turning first is as short; ties prefer moving.)
    expect(nav.distance(state.players[0], { x: 5, y: 2 })).toBe(5);
    expect(nav.plan(state.players[0], { x: 5, y: 2 }, 10, ACTIONS.DO_TASK)).toEqual([
      ACTIONS.STRAFE_LEFT,
      ACTIONS.TURN_LEFT,
      ACTIONS.OPEN_DOOR,
      ACTIONS.MOVE_FORWARD,
      ACTIONS.MOVE_FORWARD,
      ACTIONS.DO_TASK,
    ]);
    expect(staticNavigator({ map: state.map, doorsOpen: [true] }).distance(state.players[0], { x: 5, y: 2 })).toBe(4);
  });

  it("steps around a player standing on the optimal path", () => {
    const map = ["#######", "#.....#", "#.....#", "#....T#", "#....B#", "#######"];
    const state = fixture({
      map,
      players: [{ at: [1, 3], facing: 100, tasks: [{ kind: "long", at: [5, 3] }] }, { at: [2, 3] }],
    });
    const nav = navigatorFor(state);
    expect(nav.distance(state.players[0], { x: 5, y: 3 })).toBe(3);
    const next = nav.nextAction(state.players[0], { x: 5, y: 3 });
    expect(next).not.toBe(ACTIONS.MOVE_FORWARD);
    expect(socialgrid.playerView(state, 0).allowedActions).toContain(next);
  });

  it("a bot that always plays BEST_ACTION_SUGGESTION finishes its first task in exactly optimalSteps", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const config = socialgrid.configSchema.parse({ players: 1, impostors: 0 });
      let { state, events } = socialgrid.setup(config, seed);
      while (!socialgrid.isTerminal(state)) {
        const view = socialgrid.playerView(state, 0);
        const out = act(state, { 0: view.oracle?.bestAction ?? ACTIONS.NOOP });
        if (state.phase.kind === "vote") throw new Error("no votes expected this early");
        state = out.state;
        events = [...events, ...out.events];
      }
      const start = events[0];
      if (start.type !== "game_start") throw new Error("expected game_start");
      const first = eventsOf(events, "task_complete")[0];
      const task = start.players[0].tasks.find((t) => t.id === first.task)!;
      expect(first.t).toBe(task.optimalSteps);
      expect(eventsOf(events, "game_end")[0]).toMatchObject({ winner: "crew", reason: "tasks_complete" });
    }
  });
});
