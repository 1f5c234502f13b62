import type { Bot } from "../../../core/module";
import { type BotRequest, viewOf } from "./view";

/**
 * A seat's bot is created before roles are dealt: this one picks the policy for the role of the first
 * request it observes (a bot written for one side plays the other side with that side's scripted policy).
 */
export function byRole(policies: { crewmate: () => Bot; impostor: () => Bot }): Bot {
  let bot: Bot | null = null;
  return {
    observe(request) {
      bot ??= viewOf(request as BotRequest).role === "impostor" ? policies.impostor() : policies.crewmate();
      bot.observe?.(request);
    },
    choose: (request) => bot!.choose(request),
  };
}
