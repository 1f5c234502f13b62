import { socialGridReplies } from "./socialgrid-replies";
import type { ReplyCodec } from "./types";

/** One entry per game whose seats agents can play. */
const codecs: Record<string, ReplyCodec> = {
  [socialGridReplies.game]: socialGridReplies,
};

export function replyCodecFor(game: string): ReplyCodec | undefined {
  return Object.hasOwn(codecs, game) ? codecs[game] : undefined;
}
