/** A SocialGrid player's view streamed live: the god log folded by the game's seat view, over Socket.IO. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameStartEvent } from "@/engine/games/socialgrid/events";
import type { PovGameStartEvent, PovStepEvent } from "@/engine/games/socialgrid/pov";
import { agentFromRow, registerBuiltinAgents } from "@/lib/arena/agents";
import type { LoggedEvent } from "@/lib/arena/events";
import { games as arenaGames } from "@/lib/games/registry";
import { silentLogger } from "@/lib/arena/log";
import { seatLogView } from "@/lib/arena/redact";
import { startArenaRuntime, type ArenaRuntime } from "@/lib/arena/runtime";
import { readAllEvents } from "@/lib/arena/store";
import { watchEpisode } from "@/lib/realtime/episode-client";
import type { JoinAck } from "@/lib/realtime/protocol";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startRealtimeNode } from "../support/realtime";

let db: TestDatabase;
let runtime: ArenaRuntime;
let node: Awaited<ReturnType<typeof startRealtimeNode>>;
let bots: Map<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  bots = await registerBuiltinAgents(db.prisma, ["socialgrid"]);
  runtime = await startArenaRuntime({
    prisma: db.prisma,
    logger: silentLogger(),
    games: arenaGames,
    createAgent: agentFromRow,
    runEpisodes: true,
    concurrency: 2,
    leaseMs: 5_000,
    decisionTimeoutMs: 2_000,
    demoStepMs: 0,
    stepDelayMs: 10,
  });
  node = await startRealtimeNode({ prisma: db.prisma, games: arenaGames, bus: runtime.bus });
});
afterAll(async () => {
  await node?.close();
  await runtime?.stop();
  await db?.destroy();
});

const PLAYERS = 5;
const CONFIG = {
  layout: { rows: 2, cols: 2 },
  roomSize: 8,
  players: PLAYERS,
  impostors: 1,
  killCooldown: 3,
  voteEvery: 40,
  maxSteps: 160,
};

const submit = (seed: number) =>
  runtime.submit({
    game: "socialgrid",
    config: CONFIG,
    seed,
    participants: Array.from({ length: PLAYERS }, (_, seat) => ({ seat, agentId: bots.get("scripted")! })),
  });

function collect(episodeId: string, pov: number, options: { disconnectAfter?: number } = {}) {
  const socket = node.viewer();
  const received: LoggedEvent[] = [];
  let dropped = false;
  return new Promise<{ events: LoggedEvent[]; dropped: boolean }>((resolve, reject) => {
    let total: number | undefined;
    const finish = () => {
      if (total !== undefined && received.at(-1)?.seq === total) {
        watch.stop();
        socket.close();
        resolve({ events: received, dropped });
      }
    };
    const watch = watchEpisode(socket, {
      episodeId,
      pov,
      onEvents: (events) => {
        received.push(...events);
        if (!dropped && options.disconnectAfter !== undefined && received.length >= options.disconnectAfter) {
          dropped = true;
          socket.io.engine.close();
        }
        finish();
      },
      onStatus: (status) => {
        total = status.eventCount;
        finish();
      },
      onError: (message) => reject(new Error(message)),
    });
  });
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 500 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("SocialGrid per-player streams", () => {
  it("stream exactly the game's seat view of the stored log, live, late and across a reconnect", async () => {
    const id = await submit(11);
    await until(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 0);
    const roles = ((await readAllEvents(db.prisma, id))[0].payload as unknown as GameStartEvent).players.map(
      (p) => p.role,
    );
    const crew = roles.indexOf("crewmate");
    const impostorSeat = roles.indexOf("impostor");
    const early = collect(id, crew);
    await until(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 40);
    const [fromStart, late, reconnected, impostor] = await Promise.all([
      early,
      collect(id, crew),
      collect(id, crew, { disconnectAfter: 20 }),
      collect(id, impostorSeat),
    ]);
    const stored = await readAllEvents(db.prisma, id);
    const expected = (seat: number) => seatLogView(arenaGames.socialgrid, seat)!(stored);

    expect(reconnected.dropped).toBe(true);
    for (const view of [fromStart, late, reconnected]) expect(view.events).toEqual(expected(crew));
    expect(impostor.events).toEqual(expected(impostorSeat));

    // What the views hide: the seed, the others' roles from a crewmate (not from an impostor), acts out of sight.
    const start = fromStart.events[0].payload as PovGameStartEvent;
    expect(start).not.toHaveProperty("seed");
    expect(start.players.map((p) => p.role)).toEqual(roles.map((role, seat) => (seat === crew ? role : "unknown")));
    expect((impostor.events[0].payload as PovGameStartEvent).players.map((p) => p.role)).toEqual(roles);
    const steps = fromStart.events.map((e) => e.payload).filter((e): e is PovStepEvent => e.type === "step");
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.some((s) => s.acts.length < PLAYERS)).toBe(true);
    // Only one's own decisions (none once dead).
    const deciders = fromStart.events
      .filter((e) => e.type === "decisions")
      .map((e) => Object.keys((e.payload as unknown as { decisions: object }).decisions));
    expect(deciders.flat().length).toBeGreaterThan(0);
    expect(new Set(deciders.flat())).toEqual(new Set([String(crew)]));
  });

  it("refuses a seat the episode does not have", async () => {
    const id = await submit(12);
    const socket = node.viewer();
    const ack = await new Promise<JoinAck>((resolve) =>
      socket.emit("episode:join", { episodeId: id, afterSeq: 0, pov: PLAYERS }, resolve),
    );
    socket.close();
    expect(ack).toEqual({ ok: false, error: `seat ${PLAYERS} does not exist` });
  });
});
