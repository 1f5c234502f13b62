import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedEvent } from "@/lib/arena/events";
import { silentLogger } from "@/lib/arena/log";
import { startArenaRuntime, type ArenaRuntime } from "@/lib/arena/runtime";
import { readAllEvents } from "@/lib/arena/store";
import { watchEpisode } from "@/lib/realtime/episode-client";
import type { EpisodeListChange, EpisodeStatus, JoinAck } from "@/lib/realtime/protocol";
import { countingAgent } from "../support/counting-game";
import { ensureAgentRows, testGames } from "../support/arena";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startRealtimeNode } from "../support/realtime";

let db: TestDatabase;
let runtime: ArenaRuntime;
let node: Awaited<ReturnType<typeof startRealtimeNode>>;
let agentIds: Map<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  agentIds = await ensureAgentRows(db.prisma, ["alpha", "beta", "gamma"]);
  runtime = await startArenaRuntime({
    prisma: db.prisma,
    logger: silentLogger(),
    games: testGames,
    createAgent: (row) => countingAgent(row.name),
    runEpisodes: true,
    concurrency: 4,
    leaseMs: 5_000,
    decisionTimeoutMs: 1_000,
    demoStepMs: 0,
    stepDelayMs: 15,
  });
  node = await startRealtimeNode({ prisma: db.prisma, games: testGames, bus: runtime.bus });
});
afterAll(async () => {
  await node?.close();
  await runtime?.stop();
  await db?.destroy();
});

const submit = (target = 80, seed = 3) =>
  runtime.submit({
    game: "counting",
    config: { players: 3, target },
    seed,
    participants: ["alpha", "beta", "gamma"].map((name, seat) => ({ seat, agentId: agentIds.get(name)! })),
  });

function collect(options: { episodeId: string; pov?: number; disconnectAfter?: number }) {
  const socket = node.viewer();
  const received: LoggedEvent[] = [];
  let disconnected = false;
  return new Promise<{ events: LoggedEvent[]; status: EpisodeStatus; reconnected: boolean }>((resolve, reject) => {
    let status: EpisodeStatus | undefined;
    const finish = () => {
      if (status && received.at(-1)?.seq === status.eventCount) {
        watch.stop();
        socket.close();
        resolve({ events: received, status, reconnected: disconnected });
      }
    };
    const watch = watchEpisode(socket, {
      episodeId: options.episodeId,
      pov: options.pov,
      onEvents: (events) => {
        received.push(...events);
        if (!disconnected && options.disconnectAfter !== undefined && received.length >= options.disconnectAfter) {
          disconnected = true;
          socket.io.engine.close(); // a dropped connection: the client reconnects by itself
        }
        finish();
      },
      onStatus: (s) => {
        status = s;
        finish();
      },
      onError: (message) => reject(new Error(message)),
    });
  });
}

describe("live streaming", () => {
  it("a viewer that disconnects mid-game reconnects and ends with every event exactly once, in order", async () => {
    const id = await submit(200);
    const [steady, dropped] = await Promise.all([
      collect({ episodeId: id }),
      collect({ episodeId: id, disconnectAfter: 30 }),
    ]);
    const stored = await readAllEvents(db.prisma, id);
    expect(stored.length).toBeGreaterThan(100);
    expect(dropped.reconnected).toBe(true);
    expect(dropped.status).toEqual({ episodeId: id, status: "finished", eventCount: stored.length });
    expect(dropped.events).toEqual(stored);
    expect(steady.events).toEqual(stored);
  });

  it("a late viewer gets the backlog from the database, then the live events", async () => {
    const id = await submit(120, 4);
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 30);
    const late = await collect({ episodeId: id });
    expect(late.events).toEqual(await readAllEvents(db.prisma, id));
  });

  it("a player view hides other seats' secrets and decisions but keeps every seq", async () => {
    const id = await submit(60, 5);
    await waitFor(
      async () => (await db.prisma.episodeParticipant.count({ where: { episodeId: id, role: { not: null } } })) === 3,
    );
    const socket = node.viewer();
    const ack = await new Promise<JoinAck>((resolve) =>
      socket.emit("episode:join", { episodeId: id, afterSeq: 0, pov: 1 }, resolve),
    );
    socket.close();
    expect(ack.ok && ack.episode.participants.map((p) => p.role)).toEqual([null, "player", null]);
    const view = await collect({ episodeId: id, pov: 1 });
    const stored = await readAllEvents(db.prisma, id);
    expect(view.events.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    const deals = view.events.slice(1, 4).map((e) => e.payload);
    expect(deals).toEqual([{ type: "hidden" }, stored[2].payload, { type: "hidden" }]);
    const decisions = view.events
      .filter((e) => e.type === "decisions")
      .map((e) => e.payload as unknown as { decisions: object; seats: object });
    expect(decisions.length).toBeGreaterThan(3);
    for (const d of decisions) {
      expect(Object.keys(d.decisions)).toEqual(["1"]);
      expect(Object.keys(d.seats)).toEqual(["1"]);
    }
  });

  it("rejects bad join payloads and unknown episodes with a reason", async () => {
    const socket = node.viewer();
    const ack = (payload: unknown) =>
      new Promise<unknown>((resolve) => socket.emit("episode:join", payload as never, resolve));
    expect(await ack({ episodeId: 42 })).toMatchObject({ ok: false, error: expect.stringMatching(/episodeId/) });
    expect(await ack({ episodeId: "nope", afterSeq: 0 })).toEqual({ ok: false, error: "no such episode" });
    const id = await submit(10, 6);
    expect(await ack({ episodeId: id, afterSeq: 0, pov: 9 })).toEqual({ ok: false, error: "seat 9 does not exist" });
    socket.close();
  });

  it("the list channel announces episodes starting and finishing", async () => {
    const socket = node.viewer();
    const changes: EpisodeListChange[] = [];
    socket.on("episodes:list", (change) => changes.push(change));
    await new Promise((resolve) => socket.emit("episodes:subscribe", resolve));
    const id = await submit(30, 8);
    await waitFor(async () => changes.some((c) => c.episode.id === id && c.change === "finished"));
    const mine = changes.filter((c) => c.episode.id === id);
    expect(mine.map((c) => c.change)).toEqual(["started", "finished"]);
    expect(mine[0].episode).toMatchObject({ game: "counting", status: "running" });
    expect(mine[0].episode.participants.map((p) => p.agentName)).toEqual(["alpha", "beta", "gamma"]);
    socket.close();
  });
});

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}
