import { secretMafiaReplies } from "./secret-mafia-replies";
import { socialGridReplies } from "./socialgrid-replies";
import type { ReplyCodec } from "./types";
import { werewolfReplies } from "./werewolf-replies";

/** One entry per game whose seats agents can play. */
const codecs: Record<string, ReplyCodec> = {
  [socialGridReplies.game]: socialGridReplies,
  [werewolfReplies.game]: werewolfReplies,
  [secretMafiaReplies.game]: secretMafiaReplies,
};

export function replyCodecFor(game: string): ReplyCodec | undefined {
  return Object.hasOwn(codecs, game) ? codecs[game] : undefined;
}
