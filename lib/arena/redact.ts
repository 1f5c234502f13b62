import type { GameEvent } from "@/engine/core/game";
import { isAgentErrorEvent, isDecisionsEvent } from "./events";
import { HIDDEN_EVENT, type ArenaGame } from "./games/types";

/**
 * An event as the player in `seat` may see it: its own decision and errors only, and the engine's events
 * as the game redacts them. Sequence numbers are kept, so a per-seat stream has no gaps either.
 */
export function redactForSeat(game: ArenaGame, event: GameEvent, seat: number): GameEvent {
  if (isDecisionsEvent(event)) {
    const own = String(seat);
    return {
      ...event,
      decisions: own in event.decisions ? { [own]: event.decisions[own] } : {},
      seats: own in event.seats ? { [own]: event.seats[own] } : {},
    } as GameEvent;
  }
  if (isAgentErrorEvent(event)) return event.seat === seat ? event : HIDDEN_EVENT;
  return game.redactEvent ? game.redactEvent(event, seat) : HIDDEN_EVENT;
}
