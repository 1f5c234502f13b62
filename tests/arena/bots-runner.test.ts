/** Built-in bots through the arena's real runner, on a test database (PGlite, or Postgres when configured). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameEvent } from "@/engine/core/game";
import type { GameResult } from "@/engine/games/socialgrid";
import type { EpisodeMetrics } from "@/engine/games/socialgrid/metrics";
import { engineEvents, recordedDecisions } from "@/lib/arena/events";
import { socialgridModule as socialgridArena } from "@/engine/games/socialgrid/module";
import { EpisodeSession } from "@/lib/arena/session";
import { createEpisode, readAllEvents } from "@/lib/arena/store";
import { testRunner } from "@/tests/support/arena";
import { createTestDatabase, type TestDatabase } from "@/tests/support/db";
import { createAgent } from "@/lib/agents/create-agent";
import type { Agent, DecisionRequest } from "@/lib/agents/types";

const games = { socialgrid: socialgridArena };
const lineup = [
  "detective",
  "scripted-crewmate",
  "random",
  "scripted-impostor",
  "detective",
  "scripted-crewmate",
  "detective",
];
const bot = (name: string, id = name): Agent => createAgent({ kind: "builtin", name, id });

let db: TestDatabase;
let agentIds: Map<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  agentIds = new Map();
  for (const name of new Set(lineup)) {
    const row = await db.prisma.agent.create({
      data: { name, kind: "builtin", config: { name }, games: ["socialgrid"] },
    });
    agentIds.set(name, row.id);
  }
});
afterAll(() => db?.destroy());

const episode = (config: object, seed: number) =>
  createEpisode(db.prisma, games, {
    game: "socialgrid",
    config,
    seed,
    participants: lineup.map((name, seat) => ({ seat, agentId: agentIds.get(name)! })),
  });

/** The runner builds each seat's agent from its row, as in production. */
const runner = (options: { onDecide?: (request: DecisionRequest) => void } = {}) =>
  testRunner(db.prisma, {
    games,
    makeAgent: (name) => {
      const agent = createAgent({ kind: "builtin", name, id: agentIds.get(name) });
      return options.onDecide
        ? {
            ...agent,
            decide: (request, signal) => {
              options.onDecide!(request);
              return agent.decide(request, signal);
            },
          }
        : agent;
    },
  });

const payloads = async (id: string): Promise<GameEvent[]> => (await readAllEvents(db.prisma, id)).map((e) => e.payload);

describe("built-in bots in the arena runner", () => {
  it("play a default-config episode to the end; result and metrics are stored", async () => {
    const id = await episode({}, 17);
    expect(await runner().run(id)).toBe("finished");
    const stored = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    const log = await payloads(id);
    expect(log.some((e) => e.type === "agent_error")).toBe(false);
    expect(log.at(-1)?.type).toBe("game_end");
    expect((stored.result as unknown as GameResult).winner).toMatch(/^(crew|impostors)$/);
    expect((stored.metrics as unknown as EpisodeMetrics).seats).toHaveLength(7);
  });

  it("stopped mid-episode and resumed by a new runner with new agents, the log equals an uninterrupted run's", async () => {
    const config = { voteEvery: 20, maxSteps: 300 };
    const seed = 23;
    const id = await episode(config, seed);
    const shutdown = new AbortController();
    // Stopped as the first meeting's votes are asked: they depend on what the bots saw before.
    const first = runner({ onDecide: (request) => request.kind === "vote" && shutdown.abort() });
    expect(await first.run(id, shutdown.signal)).toBe("released");
    const atStop = (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount;
    expect(atStop).toBeGreaterThan(0);

    expect(await runner().run(id)).toBe("finished");
    const log = await payloads(id);
    expect(log.length).toBeGreaterThan(atStop);

    const reference = EpisodeSession.start(socialgridArena, config, seed);
    const agents = new Map(lineup.map((name, seat) => [seat, bot(name, agentIds.get(name))]));
    while (!reference.terminal) await reference.playRound(agents, { episodeId: id, deadlineMs: 5_000 });
    expect(engineEvents(log).filter((e) => e.type === "vote_start").length).toBeGreaterThanOrEqual(2);
    expect(recordedDecisions(log)).toEqual(recordedDecisions(reference.log));
    expect(engineEvents(log)).toEqual(engineEvents(reference.log));
  });
});
