export type { GameDefinition } from "./core/game";
export type { AnyGameModule, GameModule } from "./core/module";
export { replay } from "./core/replay";
export { Rng, seedRng, type RngState } from "./core/rng";
