import { secretMafiaArena } from "./secret-mafia";
import { socialgridArena } from "./socialgrid";
import type { ArenaGames } from "./types";
import { werewolfArena } from "./werewolf";

/** Every game the arena runs, by the engine's game id. */
export const arenaGames: ArenaGames = {
  [socialgridArena.definition.id]: socialgridArena,
  [werewolfArena.definition.id]: werewolfArena,
  [secretMafiaArena.definition.id]: secretMafiaArena,
};

export type { ArenaGame, ArenaGames } from "./types";
