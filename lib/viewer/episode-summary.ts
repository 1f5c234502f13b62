/** An episode's result in words for lists (server side: it reads the game modules). */
import "server-only";
import { gameModule } from "@/lib/games/registry";

/** "Impostors win · parity", from the game's own summary of its result; null until there is a result. */
export function outcomeOf(game: string, result: unknown): string | null {
  const module = gameModule(game);
  return result && module ? module.summarize(result).outcome : null;
}

/** How long a game ran ("120 steps", "3 rounds"), or its number of events before it has a result. */
export function lengthOf(game: string, result: unknown, eventCount: number): string {
  const module = gameModule(game);
  return result && module ? module.summarize(result).length : `${eventCount} events`;
}
