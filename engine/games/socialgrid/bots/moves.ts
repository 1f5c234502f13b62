/** Choosing a move: the oracle's hint when it has one, else the bot's own planner, never an illegal action. */
import type { NavHint } from "../oracle";
import type { PlayerView } from "../view";
import { ACTIONS, type Point } from "../events";
import { DX, DY, MOVE_ACTIONS } from "../geometry";
import type { Rng } from "../../../core/rng";
import type { KnownMap } from "./known-map";

export const facing = (view: PlayerView, target: Point): boolean =>
  view.x + DX[view.facing - 100] === target.x && view.y + DY[view.facing - 100] === target.y;

/**
 * The next action towards facing `target`, then `interaction` once faced: the oracle's hint if given and
 * allowed, else the planner over the bot's map (when the target's place is known); null when neither finds
 * a way.
 */
export function approach(
  view: PlayerView,
  map: KnownMap,
  target: Point | null,
  interaction: number,
  hint?: NavHint,
): number | null {
  const allowed = view.allowedActions;
  if (hint?.next != null && allowed.includes(hint.next)) return hint.next;
  if (!target) return null;
  if (facing(view, target)) return allowed.includes(interaction) ? interaction : null;
  return map.nextAction(view, target, allowed);
}

/** Some allowed move (players or unseen walls may block the plan), else a turn. */
export function unstick(view: PlayerView, rng: Rng): number {
  const moves = view.allowedActions.filter((a) => (MOVE_ACTIONS as readonly number[]).includes(a));
  return moves.length > 0 ? rng.pick(moves) : rng.pick([ACTIONS.TURN_LEFT, ACTIONS.TURN_RIGHT, ACTIONS.TURN_BACK]);
}
