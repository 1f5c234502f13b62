import type { MemoryBot } from "../builtin-agent";
import type { DecisionRequest } from "../types";
import { viewOf } from "./view";

/**
 * A seat's bot is created before roles are dealt: this one picks the policy for the role of the first
 * request it observes (a bot written for one side plays the other side with that side's scripted policy).
 */
export function byRole(policies: { crewmate: () => MemoryBot; impostor: () => MemoryBot }): MemoryBot {
  let bot: MemoryBot | null = null;
  return {
    observe(request: DecisionRequest) {
      bot ??= viewOf(request).role === "impostor" ? policies.impostor() : policies.crewmate();
      bot.observe(request);
    },
    choose: (request: DecisionRequest) => bot!.choose(request),
  };
}
