/** What the league and agent forms offer per game, from the game modules (serialisable, for client forms). */
import "server-only";
import { z } from "zod";
import type { AnyGameModule } from "@/engine/core/module";
import { gameModules } from "./registry";

export interface LeagueGameOption {
  id: string;
  title: string;
  /** Whether the game has the paper's two sides (crew-vs-impostor pairing). */
  sides: { crew: string; impostor: string } | null;
  fields: Array<{ path: string; label: string; hint?: string; value: number }>;
  variants: { path: string; label: string; values: string[]; value: string } | null;
}

const at = (config: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], config);

function leagueOption(module: AnyGameModule): LeagueGameOption {
  const defaults = module.definition.configSchema.parse({});
  const { fields, variants } = module.league;
  return {
    id: module.id,
    title: module.title,
    sides: module.leaderboard?.sides ?? null,
    fields: fields.map((f) => ({ ...f, value: Number(at(defaults, f.path)) })),
    variants: variants ? { ...variants, value: String(at(defaults, variants.path)) } : null,
  };
}

export const leagueGameOptions = (): LeagueGameOption[] => gameModules.map(leagueOption);

/** One setting of an agent for a game, as a form field: a choice among values, or a yes/no. */
export interface AgentOptionField {
  game: string;
  gameTitle: string;
  key: string;
  /** Its JSON Schema title, else its key. */
  label: string;
  description: string;
  kind: "choice" | "flag";
  values: string[];
}

interface JsonSchemaField {
  type?: string;
  enum?: unknown[];
  title?: string;
  description?: string;
}

/** The agent settings every game offers, read from their JSON Schemas (choices and flags). */
export function agentOptionFields(): AgentOptionField[] {
  return gameModules.flatMap((m) => {
    const schema = z.toJSONSchema(m.agentOptions, { io: "input" }) as { properties?: Record<string, JsonSchemaField> };
    return Object.entries(schema.properties ?? {}).flatMap(([key, field]): AgentOptionField[] => {
      const base = {
        game: m.id,
        gameTitle: m.title,
        key,
        label: field.title ?? key,
        description: field.description ?? key,
      };
      if (field.enum) return [{ ...base, kind: "choice", values: field.enum.map(String) }];
      if (field.type === "boolean") return [{ ...base, kind: "flag", values: [] }];
      return [];
    });
  });
}
