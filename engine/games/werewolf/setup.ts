import type { StepOutput } from "../../core/game";
import { Rng } from "../../core/rng";
import { PLAYER_NAMES, playerCount, type WerewolfConfig } from "./config";
import type { Role, WerewolfEvent } from "./events";
import { startNight } from "./night";
import type { WerewolfState } from "./state";

/** Deals the roles to seats at random (seeded), then opens night 1. */
export function setupGame(config: WerewolfConfig, seed: number): StepOutput<WerewolfState, WerewolfEvent> {
  const rng = Rng.seeded(seed);
  const pool: Role[] = [
    ...Array<Role>(config.werewolves).fill("Werewolf"),
    ...Array<Role>(config.seer).fill("Seer"),
    ...Array<Role>(config.doctor).fill("Doctor"),
    ...Array<Role>(config.villagers).fill("Villager"),
  ];
  rng.shuffle(pool);
  const n = playerCount(config);
  const players = pool.map((role, seat) => ({
    seat,
    name: PLAYER_NAMES[seat],
    role,
    alive: true,
    fate: "alive" as const,
    diedRound: null,
  }));
  const state: WerewolfState = {
    config,
    seed,
    rng: rng.state(),
    players,
    round: 0,
    phase: { kind: "night" },
    nights: [],
    statements: [],
    votes: [],
    suspicion: Array.from({ length: n }, () => Array<number>(n).fill(config.initialSuspicion)),
    result: null,
  };
  const start: WerewolfEvent = {
    type: "game_start",
    players: players.map(({ seat, name, role }) => ({ seat, name, role })),
    config: { ...config },
    seed,
  };
  const night = startNight(state);
  return { state: night.state, events: [start, ...night.events] };
}
