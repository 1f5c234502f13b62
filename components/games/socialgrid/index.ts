import type { GameRenderer } from "@/components/episode/game-view";
import { SocialGridView } from "./socialgrid-view";
import { EpisodeThumbnail } from "./thumbnail";
import { SocialGridTimeline } from "./timeline";

/** SocialGrid in the browser: the map viewer and the home page's live thumbnail. */
export const socialgridRenderer: GameRenderer<SocialGridTimeline> = {
  createTimeline: () => new SocialGridTimeline(),
  View: SocialGridView,
  Thumbnail: EpisodeThumbnail,
};
