import type { GameDefinition } from "./core/game";
import { secretMafia } from "./games/secret-mafia";
import { socialgrid } from "./games/socialgrid";
import { werewolf } from "./games/werewolf";

export type { GameDefinition } from "./core/game";
export { replay } from "./core/replay";
export { Rng, seedRng, type RngState } from "./core/rng";

/** Every playable game, keyed by its stable id. */
export const games: Record<string, GameDefinition<any, any, any, any, any, any, any, any>> = {
  [socialgrid.id]: socialgrid,
  [werewolf.id]: werewolf,
  [secretMafia.id]: secretMafia,
};
