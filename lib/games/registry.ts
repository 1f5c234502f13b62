/**
 * Every game the arena runs, one line each (docs/ADDING_A_GAME.md). The first is the default game (demo
 * episodes, the CLI and forms start with it). The client's renderers are in components/games/registry.ts.
 */
import "server-only";
import type { AnyGameModule } from "@/engine/core/module";
import { secretMafiaModule } from "@/engine/games/secret-mafia/module";
import { socialgridModule } from "@/engine/games/socialgrid/module";
import { werewolfModule } from "@/engine/games/werewolf/module";

export const gameModules: readonly AnyGameModule[] = [socialgridModule, werewolfModule, secretMafiaModule];

/** Games by id. Runtimes take such a map, so tests can run games of their own. */
export type GameRegistry = Readonly<Record<string, AnyGameModule>>;

export const games: GameRegistry = Object.freeze(Object.fromEntries(gameModules.map((m) => [m.id, m])));

export const gameIds: readonly string[] = gameModules.map((m) => m.id);

export const DEFAULT_GAME = gameModules[0].id;

/** A game of a registry by id (never an inherited property, so "constructor" is no game). */
export function gameIn(registry: GameRegistry, id: string): AnyGameModule | undefined {
  return Object.hasOwn(registry, id) ? registry[id] : undefined;
}

export const gameModule = (id: string): AnyGameModule | undefined => gameIn(games, id);

/** A game's title, or its id for a game this build does not know (an imported episode, say). */
export const gameTitle = (id: string): string => gameModule(id)?.title ?? id;
