/**
 * Built-in bots (no keys needed). A bot is one registry entry: a factory from its config to an Agent,
 * made with `builtinAgent` (stateless) or `memoryAgent` (with memory that survives a resume), answering in
 * the game's wire shape (e.g. `{ thought, action }`). The bots live in ./bots (the talk games' in ./bots/talk.ts).
 */
import { z } from "zod";
import { builtinAgent, memoryAgent, type MemoryBot } from "./builtin-agent";
import { ScriptedCrewmate } from "./bots/crewmate";
import { Detective } from "./bots/detective";
import { ScriptedImpostor } from "./bots/impostor";
import { randomDecision } from "./bots/random";
import { byRole } from "./bots/role-bot";
import { isTalkGame, talkDecision } from "./bots/talk";
import type { Agent } from "./types";

export { builtinAgent, memoryAgent, type MemoryBot, type RestorableAgent } from "./builtin-agent";

export const builtinAgentConfigSchema = z.object({
  kind: z.literal("builtin"),
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** Seeds the bot's own randomness, so seeded episodes replay exactly. */
  seed: z.number().int().default(0),
});

export type BuiltinAgentConfig = z.infer<typeof builtinAgentConfigSchema>;
export type BuiltinAgentFactory = (config: BuiltinAgentConfig) => Agent;

const idOf = (config: BuiltinAgentConfig) => config.id ?? `builtin:${config.name}`;

/** A SocialGrid bot that plays the talk games (Werewolf, Secret Mafia) with their scripted role policies. */
function withTalkGames(config: BuiltinAgentConfig, socialgrid: MemoryBot): MemoryBot {
  return {
    observe(request) {
      if (!isTalkGame(request.game)) socialgrid.observe(request);
    },
    choose: (request) =>
      isTalkGame(request.game) ? talkDecision("scripted", config.seed, request) : socialgrid.choose(request),
  };
}

/** The scripted policies: a seat plays the one of the role it is dealt. */
const scripted: BuiltinAgentFactory = (config) =>
  memoryAgent(
    idOf(config),
    withTalkGames(
      config,
      byRole({ crewmate: () => new ScriptedCrewmate(config.seed), impostor: () => new ScriptedImpostor(config.seed) }),
    ),
  );

const builtinAgents: Record<string, BuiltinAgentFactory> = {
  /** Uniformly random actions, votes and trust: the paper's chance baselines (every game). */
  random: (config) => builtinAgent(idOf(config), (request) => randomDecision(config.seed, request)),
  /** One scripted baseline per role, in every game (Werewolf: Seer, Doctor, wolves, villagers; Secret Mafia likewise). */
  scripted,
  /** Made for the crewmate role (an impostor seat plays the scripted impostor). */
  "scripted-crewmate": scripted,
  /** Made for the impostor role (a crewmate seat plays the scripted crewmate). */
  "scripted-impostor": scripted,
  /** Evidence-based crewmate; dealt the impostor role, it plays the scripted impostor. */
  detective: (config) =>
    memoryAgent(
      idOf(config),
      withTalkGames(
        config,
        byRole({ crewmate: () => new Detective(config.seed), impostor: () => new ScriptedImpostor(config.seed) }),
      ),
    ),
};

export function builtinAgentNames(): string[] {
  return Object.keys(builtinAgents);
}

/** Throws on an unknown name (a configuration error, raised before any episode starts). */
export function createBuiltinAgent(config: BuiltinAgentConfig): Agent {
  const factory = Object.hasOwn(builtinAgents, config.name) ? builtinAgents[config.name] : undefined;
  if (!factory) {
    throw new Error(`unknown built-in agent "${config.name}"; known: ${builtinAgentNames().join(", ") || "none"}`);
  }
  return factory(config);
}
