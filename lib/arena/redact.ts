import "server-only";
import type { GameEvent } from "@/engine/core/game";
import { isAgentErrorEvent, isDecisionsEvent, isRuntimeEvent, type LoggedEvent } from "./events";
import { type AnyGameModule, HIDDEN_EVENT } from "@/engine/core/module";

/** A seat's view of an episode log, fed whole rounds in order (a stateful filter). */
export type LogView = (events: readonly LoggedEvent[]) => LoggedEvent[];

/**
 * The log as the player in `seat` may see it: its own decisions and errors only, and the engine's events as
 * the game's seat view shows them. Sequence numbers are kept, so a per-seat stream has no gaps either.
 * Null when the game offers no per-seat views.
 */
export function seatLogView(game: AnyGameModule, seat: number): LogView | null {
  const engineView = game.seatView?.(seat);
  if (!engineView) return null;
  return (entries) => {
    const engine = entries.filter((e) => !isRuntimeEvent(e.payload));
    const seen = engineView(engine.map((e) => e.payload));
    const bySeq = new Map(engine.map((e, i) => [e.seq, seen[i]]));
    return entries.map((e) => {
      const payload = bySeq.get(e.seq) ?? runtimeEventFor(e.payload, seat);
      return { ...e, type: payload.type, payload };
    });
  };
}

function runtimeEventFor(event: GameEvent, seat: number): GameEvent {
  if (isDecisionsEvent(event)) {
    const own = String(seat);
    return {
      ...event,
      decisions: own in event.decisions ? { [own]: event.decisions[own] } : {},
      seats: own in event.seats ? { [own]: event.seats[own] } : {},
    } as GameEvent;
  }
  if (isAgentErrorEvent(event)) return event.seat === seat ? event : HIDDEN_EVENT;
  return event;
}
