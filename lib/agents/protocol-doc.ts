/**
 * The generated JSON Schema section of docs/AGENT_PROTOCOL.md.
 * Regenerate after a schema change: `npx tsx lib/agents/protocol-doc.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { remoteRequestJsonSchema } from "./protocol";
import { secretMafiaWireSchema } from "./secret-mafia-replies";
import { replyJsonSchemas } from "./socialgrid-replies";
import { werewolfWireSchemas } from "./werewolf-replies";

export const PROTOCOL_DOC = path.join(import.meta.dirname, "../../docs/AGENT_PROTOCOL.md");
const MARKER = "<!-- generated:schemas -->";

export function renderSchemaSection(): string {
  const block = (title: string, schema: unknown) =>
    `### ${title}\n\n\`\`\`json\n${JSON.stringify(schema, null, 2)}\n\`\`\`\n`;
  return [
    block("Request", remoteRequestJsonSchema),
    block("`act` reply", replyJsonSchemas.act),
    block("`vote` reply", replyJsonSchemas.vote),
    block("`statement` reply", replyJsonSchemas.statement),
    ...Object.entries(werewolfWireSchemas).map(([kind, schema]) =>
      block(`Werewolf \`${kind}\` reply`, inputSchema(schema)),
    ),
    block("Secret Mafia reply (every kind)", inputSchema(secretMafiaWireSchema)),
  ].join("\n");
}

const inputSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input" });

/** The doc with everything after the marker replaced by the current schemas. */
export function withCurrentSchemas(doc: string): string {
  return `${doc.slice(0, doc.indexOf(MARKER) + MARKER.length)}\n\n${renderSchemaSection()}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  fs.writeFileSync(PROTOCOL_DOC, withCurrentSchemas(fs.readFileSync(PROTOCOL_DOC, "utf8")));
}
