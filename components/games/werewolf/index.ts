import type { GameRenderer } from "@/components/episode/game-view";
import { TalkView } from "@/components/talk/talk-view";
import { WerewolfTimeline } from "./timeline";

/** Werewolf in the browser: the talk games' transcript view. */
export const werewolfRenderer: GameRenderer<WerewolfTimeline> = {
  createTimeline: () => new WerewolfTimeline(),
  View: TalkView,
};
