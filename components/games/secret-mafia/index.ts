import type { GameRenderer } from "@/components/episode/game-view";
import { TalkView } from "@/components/talk/talk-view";
import { SecretMafiaTimeline } from "./timeline";

/** Secret Mafia in the browser: the talk games' transcript view. */
export const secretMafiaRenderer: GameRenderer<SecretMafiaTimeline> = {
  createTimeline: () => new SecretMafiaTimeline(),
  View: TalkView,
};
