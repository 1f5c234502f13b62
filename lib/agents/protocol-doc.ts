/**
 * The generated part of docs/AGENT_PROTOCOL.md: for every registered game, its decision kinds with their
 * payload fields and an example reply, and one whole example request, all from the game modules' schemas.
 * Regenerate after a change: `npx tsx lib/agents/protocol-doc.ts` (a test fails while the doc is stale).
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { exampleRequest } from "@/engine/core/examples";
import type { AnyGameModule } from "@/engine/core/module";
import { gameModules } from "@/lib/games/registry";
import { toJsonSchema, toRemoteRequest } from "./protocol";

export const PROTOCOL_DOC = path.join(import.meta.dirname, "../../docs/AGENT_PROTOCOL.md");
const MARKER = "<!-- generated:games -->";

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;
const cell = (text: unknown) =>
  String(text ?? "")
    .replaceAll("|", "\\|")
    .replaceAll("\n", " ");

interface JsonSchemaObject {
  properties?: Record<string, { type?: string; description?: string; items?: { type?: string } }>;
  required?: string[];
}

/** A kind's payload fields: name, JSON type and description. */
function payloadTable(schema: JsonSchemaObject): string {
  const rows = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const type = field.type === "array" ? `${field.items?.type ?? "any"}[]` : (field.type ?? "object");
    return `| \`${name}\` | ${type} | ${cell(field.description)} |`;
  });
  return ["| Payload field | Type | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The whole request of a game's first decision kind, as a seeded example game sends it (prompt shortened). */
export function exampleRemoteRequest(module: AnyGameModule, kind: string) {
  const { request, prompt } = exampleRequest(module, kind);
  const spec = module.decisions[kind];
  return toRemoteRequest({ ...request, episodeId: "ep_example", prompt, deadlineMs: 10_000, spec });
}

function renderGame(module: AnyGameModule): string {
  const kinds = Object.keys(module.decisions);
  const sections = kinds.map((kind) => {
    const spec = module.decisions[kind];
    const { reply } = exampleRequest(module, kind);
    return [
      `#### \`${kind}\``,
      "",
      spec.description,
      "",
      payloadTable(toJsonSchema(spec.payload) as JsonSchemaObject),
      "",
      "Example reply:",
      "",
      json(reply),
    ].join("\n");
  });
  const roles = module.roles.map((r) => `\`${r.id}\``).join(", ");
  const example = exampleRemoteRequest(module, kinds[0]);
  const shortened = {
    ...example,
    prompt: { system: `${example.prompt.system.slice(0, 80)}…`, user: `${example.prompt.user.slice(0, 80)}…` },
  };
  return [
    `### ${module.title} — \`${module.id}\``,
    "",
    module.summary,
    "",
    `Players: ${module.players.min}–${module.players.max}. Roles: ${roles}. Decision kinds: ${kinds.map((k) => `\`${k}\``).join(", ")}.`,
    "",
    ...sections,
    `A whole \`${kinds[0]}\` request of a seeded ${module.title} game (prompt shortened):`,
    "",
    json(shortened),
  ].join("\n");
}

export function renderGamesSection(): string {
  return gameModules.map(renderGame).join("\n");
}

/** The doc with everything after the marker replaced by the current games. */
export function withCurrentGames(doc: string): string {
  const at = doc.indexOf(MARKER);
  if (at === -1) throw new Error(`${PROTOCOL_DOC} has no ${MARKER} marker`);
  return `${doc.slice(0, at + MARKER.length)}\n\n${renderGamesSection()}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  fs.writeFileSync(PROTOCOL_DOC, withCurrentGames(fs.readFileSync(PROTOCOL_DOC, "utf8")));
}
