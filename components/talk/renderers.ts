import { SecretMafiaTimeline } from "@/lib/viewer/talk/secret-mafia-timeline";
import { WerewolfTimeline } from "@/lib/viewer/talk/werewolf-timeline";
import type { GameRenderer } from "../episode/game-view";
import { TalkView } from "./talk-view";

/** The transcript view of the talk games, by game id. */
export const talkRenderers: Record<string, GameRenderer<any>> = {
  werewolf: { createTimeline: () => new WerewolfTimeline(), View: TalkView },
  "secret-mafia": { createTimeline: () => new SecretMafiaTimeline(), View: TalkView },
};
