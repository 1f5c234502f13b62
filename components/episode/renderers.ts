import { GenericTimeline } from "@/lib/viewer/generic-timeline";
import { SocialGridTimeline } from "@/lib/viewer/socialgrid/timeline";
import { talkRenderers } from "../talk/renderers";
import { EventListView } from "./generic/event-list-view";
import type { GameRenderer } from "./game-view";
import { SocialGridView } from "./socialgrid/socialgrid-view";

const socialgrid: GameRenderer<SocialGridTimeline> = {
  createTimeline: () => new SocialGridTimeline(),
  View: SocialGridView,
};
const generic: GameRenderer<GenericTimeline> = { createTimeline: () => new GenericTimeline(), View: EventListView };

const renderers: Record<string, GameRenderer<any>> = { socialgrid, ...talkRenderers };

/** The game's own viewer, or the generic event list for games without one yet. */
export const rendererFor = (game: string): GameRenderer<any> =>
  Object.hasOwn(renderers, game) ? renderers[game] : generic;
