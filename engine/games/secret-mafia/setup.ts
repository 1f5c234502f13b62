import type { StepOutput } from "../../core/game";
import { Rng } from "../../core/rng";
import { mafiaCount, type SecretMafiaConfig } from "./config";
import { teamOf, type Role, type SecretMafiaEvent } from "./events";
import { openPhase } from "./flow";
import { rolePrompt } from "./roles";
import type { SecretMafiaState } from "./state";
import { Transition } from "./transition";

/** Deals the roles at random (seeded), sends each player their role prompt, and opens night 1. */
export function setupGame(config: SecretMafiaConfig, seed: number): StepOutput<SecretMafiaState, SecretMafiaEvent> {
  const rng = Rng.seeded(seed);
  const mafia = mafiaCount(config.players, config.mafiaRatio);
  const pool: Role[] = [...Array<Role>(mafia).fill("Mafia"), "Doctor", "Detective"];
  while (pool.length < config.players) pool.push("Villager");
  rng.shuffle(pool);
  const initial: SecretMafiaState = {
    config,
    seed,
    rng: rng.state(),
    players: pool.map((role, seat) => ({ seat, role, alive: true, eliminated: null, moves: 0, invalidMoves: 0 })),
    phase: "night_mafia",
    day: 1,
    current: null,
    queue: [],
    speakingOrder: [],
    turnsInPhase: 0,
    votes: {},
    pendingKill: null,
    unannounced: [],
    invalidStreak: 0,
    turn: 0,
    messages: [],
    result: null,
  };
  const tx = new Transition(initial);
  tx.emit({ type: "game_start", players: pool.map((role, seat) => ({ seat, role })), config: { ...config }, seed });
  const mafiaSeats = pool.flatMap((role, seat) => (role === "Mafia" ? [seat] : []));
  pool.forEach((role, seat) => {
    tx.send(
      [seat],
      rolePrompt(seat, role, teamOf(role), config.players, mafiaSeats, config.discussionRounds),
      "prompt",
    );
  });
  openPhase(tx, "night_mafia");
  return tx.finish();
}
