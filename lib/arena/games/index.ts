import { socialgridArena } from "./socialgrid";
import type { ArenaGames } from "./types";

/** Every game the arena runs, by the engine's game id. */
export const arenaGames: ArenaGames = {
  [socialgridArena.definition.id]: socialgridArena,
};

export type { ArenaGame, ArenaGames } from "./types";
