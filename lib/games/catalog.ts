/**
 * `GET /api/games`: every registered game as agent authors and tools need it: players, roles and teams, the
 * config's JSON Schema with its defaults, each decision kind's request and reply JSON Schemas with a real
 * example, the agent settings it reads, its built-in bots and leaderboard figures. Built once per process.
 */
import "server-only";
import { exampleRequest } from "@/engine/core/examples";
import type { AnyGameModule } from "@/engine/core/module";
import { PROTOCOL_VERSION, requestSchemaOf, toJsonSchema, toRemoteRequest } from "@/lib/agents/protocol";
import { gameModules } from "./registry";

export interface GameDescription {
  id: string;
  title: string;
  summary: string;
  rulesetVersion: string;
  players: { min: number; max: number; default: number };
  roles: AnyGameModule["roles"];
  teams: AnyGameModule["teams"];
  config: { schema: unknown; defaults: unknown };
  /** Settings an agent may carry for this game (`options.<game id>` of its config). */
  agentOptions: unknown;
  decisions: Record<
    string,
    { description: string; request: unknown; reply: unknown; example: { request: unknown; reply: unknown } }
  >;
  builtinAgents: Array<{ name: string; description: string }>;
  /** Whether episodes offer per-player views (`?pov=<seat>`). */
  playerViews: boolean;
  leaderboard: Array<{ key: string; label: string; title: string }>;
}

function describe(module: AnyGameModule): GameDescription {
  const defaults = module.definition.configSchema.parse({});
  return {
    id: module.id,
    title: module.title,
    summary: module.summary,
    rulesetVersion: module.definition.rulesetVersion,
    players: { ...module.players, default: module.seats(defaults) },
    roles: module.roles,
    teams: module.teams,
    config: { schema: toJsonSchema(module.definition.configSchema), defaults },
    agentOptions: toJsonSchema(module.agentOptions),
    decisions: Object.fromEntries(
      Object.entries(module.decisions).map(([kind, spec]) => {
        const example = exampleRequest(module, kind);
        const request = toRemoteRequest({
          ...example.request,
          episodeId: "ep_example",
          prompt: example.prompt,
          deadlineMs: 10_000,
          spec,
        });
        return [
          kind,
          {
            description: spec.description,
            request: toJsonSchema(requestSchemaOf(spec)),
            reply: toJsonSchema(spec.reply),
            example: { request, reply: example.reply },
          },
        ];
      }),
    ),
    builtinAgents: Object.entries(module.bots).map(([name, bot]) => ({ name, description: bot.description })),
    playerViews: module.seatView !== undefined,
    leaderboard: (module.leaderboard?.columns ?? []).map(({ key, label, title }) => ({ key, label, title })),
  };
}

let catalog: { protocol: string; games: GameDescription[] } | null = null;

export function gameCatalog(): { protocol: string; games: GameDescription[] } {
  catalog ??= { protocol: PROTOCOL_VERSION, games: gameModules.map(describe) };
  return catalog;
}
