/**
 * The agents package's `random` bot (the paper's chance baseline). Before the built-in bots existed the
 * runtime had its own, named `arena-random`; stored agents with that name still get the `random` bot.
 */
import "server-only";
export const RANDOM_BOT = "random";
export const LEGACY_RANDOM_BOT = "arena-random";
