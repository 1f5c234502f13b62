/**
 * Built-in bots (no keys needed): each game module brings its own (engine/games/<id>/bots); a built-in
 * agent is a name, and plays the bot of that name of whichever game its seat is in.
 */
import "server-only";
import { z } from "zod";
import { gameModule, gameModules } from "@/lib/games/registry";
import { botAgent } from "./builtin-agent";
import type { Agent } from "./types";

export { botAgent, type RestorableAgent } from "./builtin-agent";

export const builtinAgentConfigSchema = z.object({
  kind: z.literal("builtin"),
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** Seeds the bot's own randomness, so seeded episodes replay exactly. */
  seed: z.number().int().default(0),
});

export type BuiltinAgentConfig = z.infer<typeof builtinAgentConfigSchema>;

/** Every built-in bot name, in registry order. */
export function builtinAgentNames(): string[] {
  return [...new Set(gameModules.flatMap((m) => Object.keys(m.bots)))];
}

/** The games that have a built-in bot of this name. */
export const gamesWithBot = (name: string): string[] =>
  gameModules.filter((m) => Object.hasOwn(m.bots, name)).map((m) => m.id);

/** Throws on an unknown name (a configuration error, raised before any episode starts). */
export function createBuiltinAgent(config: BuiltinAgentConfig): Agent {
  if (!builtinAgentNames().includes(config.name)) {
    throw new Error(`unknown built-in agent "${config.name}"; known: ${builtinAgentNames().join(", ")}`);
  }
  return botAgent(config.id ?? `builtin:${config.name}`, (game) => {
    const module = gameModule(game);
    const bot = module && Object.hasOwn(module.bots, config.name) ? module.bots[config.name] : undefined;
    return bot ? bot.create(config.seed) : `the built-in agent "${config.name}" does not play ${module?.title ?? game}`;
  });
}
