import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { exampleRequest } from "@/engine/core/examples";
import { gameModule, gameModules } from "@/lib/games/registry";
import { requestSchemaOf, toRemoteRequest } from "./protocol";
import { exampleRemoteRequest, PROTOCOL_DOC, withCurrentGames } from "./protocol-doc";

const doc = fs.readFileSync(PROTOCOL_DOC, "utf8");

describe("protocol", () => {
  it("serialises every game's requests into the envelope plus the kind's payload, never the spec", () => {
    for (const module of gameModules) {
      for (const [kind, spec] of Object.entries(module.decisions)) {
        const { request, prompt } = exampleRequest(module, kind);
        const body = toRemoteRequest({ ...request, prompt, deadlineMs: 1234.4, spec });
        expect(requestSchemaOf(spec).safeParse(body).success).toBe(true);
        expect(body).toMatchObject({ protocol: "social-arena/1", game: module.id, kind, deadline_ms: 1234 });
        expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty("spec");
        // The payload's fields sit beside the envelope's.
        for (const field of Object.keys(request.payload as object)) expect(body).toHaveProperty(field);
      }
    }
  });

  it("docs/AGENT_PROTOCOL.md carries every game's current schemas (regenerate: npx tsx lib/agents/protocol-doc.ts)", () => {
    expect(doc).toContain("<!-- generated:games -->");
    expect(doc).toBe(withCurrentGames(doc));
    for (const module of gameModules) {
      expect(doc).toContain(`### ${module.title} — \`${module.id}\``);
      for (const kind of Object.keys(module.decisions)) expect(doc).toMatch(new RegExp(`#### \`${kind}\``));
    }
  });

  it("every example in the doc validates against its game's schemas", () => {
    // Hand-written reply examples, each marked with the game and kind it answers.
    const marked = [...doc.matchAll(/<!-- example: ([\w-]+) (\w+) reply -->\n```json\n([\s\S]*?)```/g)];
    expect(marked.length).toBeGreaterThanOrEqual(7);
    for (const [, game, kind, text] of marked) {
      const spec = gameModule(game)?.decisions[kind];
      expect(spec, `${game} ${kind}`).toBeDefined();
      const parsed = spec!.reply.safeParse(JSON.parse(text));
      expect(parsed.success, `${game} ${kind}: ${text}`).toBe(true);
    }
    // The generated examples: each kind's reply, and a whole request per game.
    for (const module of gameModules) {
      const kinds = Object.keys(module.decisions);
      for (const kind of kinds) {
        const { request, reply } = exampleRequest(module, kind);
        const spec = module.decisions[kind];
        const decoded = spec.reply.safeParse(reply);
        expect(decoded.success, `${module.id} ${kind}`).toBe(true);
        expect(spec.decide(decoded.data, request.payload).ok, `${module.id} ${kind}`).toBe(true);
      }
      const whole = exampleRemoteRequest(module, kinds[0]);
      expect(requestSchemaOf(module.decisions[kinds[0]]).safeParse(whole).success).toBe(true);
    }
  });
});
