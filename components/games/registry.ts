/**
 * Every game's React side by game id, one line each (docs/ADDING_A_GAME.md); the server's registry is
 * lib/games/registry.ts. A game without an entry is shown by the generic event list.
 */
import type { GameRenderer } from "@/components/episode/game-view";
import { EventListView } from "@/components/episode/generic/event-list-view";
import { GenericTimeline } from "@/lib/viewer/generic-timeline";
import { secretMafiaRenderer } from "./secret-mafia";
import { socialgridRenderer } from "./socialgrid";
import { werewolfRenderer } from "./werewolf";

// biome-ignore lint/suspicious/noExplicitAny: each renderer reads its own game's timeline; the page pairs them by game id.
export const renderers: Readonly<Record<string, GameRenderer<any>>> = {
  socialgrid: socialgridRenderer,
  werewolf: werewolfRenderer,
  "secret-mafia": secretMafiaRenderer,
};

const generic: GameRenderer<GenericTimeline> = { createTimeline: () => new GenericTimeline(), View: EventListView };

/** The game's own viewer, or the generic event list for a game without one. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export const rendererFor = (game: string): GameRenderer<any> =>
  Object.hasOwn(renderers, game) ? renderers[game] : generic;
