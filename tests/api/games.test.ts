/**
 * `GET /api/games` and `/api/games/{id}`: the catalog agent authors build against. Every registered game is
 * there, and each decision kind's published example request and reply pass the schemas the arena applies.
 */
import { describe, expect, it } from "vitest";
import { apiTestEnv, call } from "../support/api";

apiTestEnv();

const { gameModules } = await import("@/lib/games/registry");
const { envelopeSchema, requestSchemaOf } = await import("@/lib/agents/protocol");
const list = await import("@/app/api/games/route");
const one = await import("@/app/api/games/[id]/route");

describe("GET /api/games", () => {
  it("lists every registered game with its players, roles, config defaults and bots", async () => {
    const res = await call(list.GET, { url: "/api/games" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.body.protocol).toBe("social-arena/1");
    expect(res.body.games.map((g: { id: string }) => g.id)).toEqual(gameModules.map((m) => m.id));
    for (const game of res.body.games) {
      const module = gameModules.find((m) => m.id === game.id)!;
      expect(game.roles.map((r: { id: string }) => r.id)).toEqual(module.roles.map((r) => r.id));
      expect(game.players.default).toBeGreaterThanOrEqual(game.players.min);
      expect(game.players.default).toBeLessThanOrEqual(game.players.max);
      // The published defaults are a valid config, and the config schema describes an object.
      expect(module.definition.configSchema.safeParse(game.config.defaults).success).toBe(true);
      expect(game.config.schema.type).toBe("object");
      expect(game.builtinAgents.map((b: { name: string }) => b.name)).toEqual(Object.keys(module.bots));
      expect(Object.keys(game.decisions)).toEqual(Object.keys(module.decisions));
    }
  });

  it("publishes, per decision kind, schemas whose example request and reply the arena accepts", async () => {
    const { body } = await call(list.GET, { url: "/api/games" });
    for (const game of body.games) {
      const module = gameModules.find((m) => m.id === game.id)!;
      for (const [kind, published] of Object.entries<any>(game.decisions)) {
        const spec = module.decisions[kind];
        const { request, reply } = published.example;
        expect(request.kind, `${game.id}/${kind}`).toBe(kind);
        expect(request.game).toBe(game.id);
        const parsed = requestSchemaOf(spec).safeParse(request);
        expect(parsed.success, `${game.id}/${kind} request: ${parsed.error?.message}`).toBe(true);
        expect(spec.reply.safeParse(reply).success, `${game.id}/${kind} reply`).toBe(true);
        // Every envelope field is required in the published JSON Schema.
        expect(published.request.required).toEqual(expect.arrayContaining(Object.keys(envelopeSchema.shape)));
        // An object, or a choice of objects (SocialGrid's one action or a macro list).
        const shapes = published.reply.anyOf ?? [published.reply];
        expect(shapes.map((s: { type: string }) => s.type)).toEqual(shapes.map(() => "object"));
      }
    }
  });
});

describe("GET /api/games/{id}", () => {
  it("answers one game as in the list", async () => {
    const { body: all } = await call(list.GET, { url: "/api/games" });
    const first = all.games[0];
    const res = await call(one.GET, { url: `/api/games/${first.id}`, params: { id: first.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ protocol: all.protocol, game: first });
  });

  it("answers 404 with the known ids for an unknown game", async () => {
    const res = await call(one.GET, { url: "/api/games/chess-960", params: { id: "chess-960" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(res.body.error).toContain(gameModules[0].id);
  });
});
