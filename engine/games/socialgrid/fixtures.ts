import { seedRng, type Rng } from "../../core/rng";
import { socialGridConfigSchema, type SocialGridConfig, type SocialGridConfigInput } from "./config";
import { pendingKindOf, type SocialGridDecision } from "./decisions";
import type {
  DoorInfo,
  Facing,
  MapInfo,
  PlayerInfo,
  Point,
  Role,
  SocialGridEvent,
  TaskAssignment,
  TaskKind,
} from "./events";
import { emptyMemory } from "./memory";
import { staticNavigator } from "./oracle";
import { stepGame } from "./rules";
import type { PlayerState, SocialGridState } from "./state";
import { allowedActions } from "./world";

/**
 * Hand-built states for scenario tests and scripted-bot development: an ASCII map (`#` wall, `.` floor,
 * `D`/`O` closed/open door, `T` task station, `B` button — exactly one) and players placed on it.
 * Layout is one room the size of the map, so positions read `R00(x,y)`.
 */
export interface FixturePlayer {
  at: [number, number];
  role?: Role;
  facing?: Facing;
  /**
   * Tasks at `T` tiles of the map; `required` defaults to the config's toggles for the kind. A crewmate
   * without tasks counts as finished (all surviving crew done ⇒ crew win at the next outcome check).
   */
  tasks?: Array<{ kind: TaskKind; at: [number, number]; required?: number }>;
  killCooldown?: number;
}

export interface FixtureOptions {
  map: string[];
  players: FixturePlayer[];
  config?: Omit<SocialGridConfigInput, "players" | "impostors">;
  seed?: number;
}

export function fixture({ map: rows, players, config = {}, seed = 1 }: FixtureOptions): SocialGridState {
  const height = rows.length;
  const width = rows[0].length;
  const parsed: SocialGridConfig = {
    ...socialGridConfigSchema.parse({
      ...config,
      players: 7,
      impostors: 2,
      roomSize: 10,
      layout: { rows: 1, cols: 1 },
    }),
    players: players.length,
    impostors: players.filter((p) => p.role === "impostor").length,
    roomSize: Math.max(width, height),
  };
  const doors: DoorInfo[] = [];
  const doorsOpen: boolean[] = [];
  let button: Point | null = null;
  const tiles = rows.map((row, y) =>
    [...row]
      .map((ch, x) => {
        if (ch === "D" || ch === "O") {
          doors.push({ id: doors.length, pos: { x, y }, rooms: [0, 0] });
          doorsOpen.push(ch === "O");
          return "D";
        }
        if (ch === "B") button = { x, y };
        return ch;
      })
      .join(""),
  );
  if (!button) throw new Error("fixture map needs a button 'B'");
  const map: MapInfo = { width, height, roomSize: parsed.roomSize, layout: { rows: 1, cols: 1 }, tiles, doors, button };
  const nav = staticNavigator({ map, doorsOpen });

  const info: PlayerInfo[] = players.map((p, seat) => {
    const role = p.role ?? "crewmate";
    const facing = p.facing ?? 100;
    const start = { x: p.at[0], y: p.at[1] };
    const counts: Record<TaskKind, number> = { common: 0, short: 0, long: 0 };
    const tasks: TaskAssignment[] = (p.tasks ?? []).map((t) => {
      if (rows[t.at[1]][t.at[0]] !== "T") throw new Error(`fixture task at ${t.at} is not on a 'T' tile`);
      const k = ++counts[t.kind];
      const required = t.required ?? parsed.taskToggles[t.kind];
      const station = { x: t.at[0], y: t.at[1] };
      return {
        id: `${t.kind}_${k}_p${seat}`,
        name: `${t.kind}_task_${k}`,
        kind: t.kind,
        station,
        required,
        fake: role === "impostor",
        optimalSteps: (nav.distance({ ...start, facing }, station) ?? 0) + required,
      };
    });
    return { seat, name: `Player_${seat}`, role, start, facing, tasks };
  });

  const playerStates: PlayerState[] = info.map((p, seat) => ({
    seat,
    role: p.role,
    x: p.start.x,
    y: p.start.y,
    facing: p.facing,
    alive: true,
    fate: "alive",
    killCooldown: p.role === "impostor" ? (players[seat].killCooldown ?? 0) : 0,
    progress: p.tasks.map(() => 0),
    queue: [],
    history: [],
    historyLines: [],
    memory: emptyMemory(players.length),
  }));

  return {
    config: parsed,
    seed,
    map,
    info,
    rng: seedRng(seed),
    t: 0,
    phase: { kind: "task" },
    players: playerStates,
    doorsOpen,
    corpses: [],
    meetingsLeft: parsed.emergencyMeetings,
    voteRound: 0,
    returns: players.map(() => 0),
    result: null,
  };
}

/** One `step` where the given seats play the given action codes and everybody else NOOPs. */
export function act(
  state: SocialGridState,
  actions: Record<number, number | number[]>,
): { state: SocialGridState; events: SocialGridEvent[] } {
  const decisions: Record<number, SocialGridDecision> = {};
  for (const [seat, a] of Object.entries(actions)) {
    decisions[Number(seat)] = { kind: "act", actions: Array.isArray(a) ? a : [a] };
  }
  return stepGame(state, decisions);
}

/** Plays a sequence of `act` rounds, returning the final state and all events. */
export function actAll(state: SocialGridState, rounds: Array<Record<number, number | number[]>>) {
  const events: SocialGridEvent[] = [];
  for (const round of rounds) {
    const out = act(state, round);
    state = out.state;
    events.push(...out.events);
  }
  return { state, events };
}

export const eventsOf = <T extends SocialGridEvent["type"]>(events: SocialGridEvent[], type: T) =>
  events.filter((e): e is Extract<SocialGridEvent, { type: T }> => e.type === type);

/**
 * A uniformly random legal decision (random allowed actions — macro-length in macro mode — random vote
 * targets including skip and the odd invalid one, random trust scores, short statements). For property
 * tests and load generation.
 */
export function randomDecision(state: SocialGridState, seat: number, rng: Rng): SocialGridDecision {
  const kind = pendingKindOf(state, seat);
  if (kind === "statement") return { kind, text: `statement ${rng.int(0, 999)}` };
  if (kind === "vote") {
    const others = state.players.filter((p) => p.alive && p.seat !== seat).map((p) => p.seat);
    const trust: Record<string, number> = {};
    for (const o of others) if (rng.float() < 0.9) trust[String(o)] = rng.float();
    const options: Array<number | "skip"> = [...others, "skip", state.players.length + 3];
    return { kind, vote: rng.pick(options), trust, thought: "random" };
  }
  const allowed = allowedActions(state, seat);
  const length = state.config.macroMode ? rng.int(1, state.config.maxMacroActions) : 1;
  const actions = [rng.pick(allowed)];
  while (actions.length < length) actions.push(rng.int(0, state.players[seat].role === "impostor" ? 13 : 12));
  return { kind: "act", actions };
}
