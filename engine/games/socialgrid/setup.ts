import { Rng } from "../../core/rng";
import type { SocialGridConfig } from "./config";
import type { GameStartEvent, PlayerInfo, Point, Role, TaskAssignment, TaskKind } from "./events";
import { facingCode } from "./geometry";
import { generateMap } from "./map";
import { emptyMemory } from "./memory";
import { staticNavigator } from "./oracle";
import type { PlayerState, SocialGridState } from "./state";

/**
 * Builds the map, deals roles (impostor seats drawn at random), assigns tasks (the shared common stations
 * plus each player's own short and long stations; impostors get the same list as fake tasks), places the
 * players on distinct spawns with random facings, and computes each task's optimal step count.
 */
export function setupGame(
  config: SocialGridConfig,
  seed: number,
): { state: SocialGridState; events: GameStartEvent[] } {
  const rng = Rng.seeded(seed);
  const generated = generateMap(config, rng);
  const { map } = generated;
  const impostorSeats = new Set(rng.shuffle([...Array(config.players).keys()]).slice(0, config.impostors));
  const doorsOpen = map.doors.map(() => false);
  const nav = staticNavigator({ map, doorsOpen });

  const info: PlayerInfo[] = generated.spawns.map((start, seat) => {
    const role: Role = impostorSeats.has(seat) ? "impostor" : "crewmate";
    const facing = facingCode(rng.int(0, 3));
    const stations = generated.playerStations[seat];
    const tasks: TaskAssignment[] = [];
    const add = (kind: TaskKind, station: Point, k: number) => {
      const required = config.taskToggles[kind];
      const dist = nav.distance({ ...start, facing }, station);
      if (dist === null) throw new Error(`socialgrid: task station ${station.x},${station.y} is unreachable`);
      tasks.push({
        id: `${kind}_${k}_p${seat}`,
        name: `${kind}_task_${k}`,
        kind,
        station,
        required,
        fake: role === "impostor",
        optimalSteps: dist + required,
      });
    };
    generated.commonStations.forEach((s, i) => add("common", s, i + 1));
    stations.short.forEach((s, i) => add("short", s, i + 1));
    stations.long.forEach((s, i) => add("long", s, i + 1));
    return { seat, name: `Player_${seat}`, role, start, facing, tasks };
  });

  const players: PlayerState[] = info.map((p) => ({
    seat: p.seat,
    role: p.role,
    x: p.start.x,
    y: p.start.y,
    facing: p.facing,
    alive: true,
    fate: "alive",
    killCooldown: p.role === "impostor" ? config.killCooldown : 0,
    progress: p.tasks.map(() => 0),
    queue: [],
    history: [],
    historyLines: [],
    memory: emptyMemory(config.players),
  }));

  const state: SocialGridState = {
    config,
    seed,
    map,
    info,
    rng: rng.state(),
    t: 0,
    phase: { kind: "task" },
    players,
    doorsOpen,
    corpses: [],
    meetingsLeft: config.emergencyMeetings,
    voteRound: 0,
    returns: players.map(() => 0),
    result: null,
  };
  const start: GameStartEvent = {
    type: "game_start",
    t: 0,
    map,
    players: info,
    config,
    seed,
  };
  return { state, events: [start] };
}
