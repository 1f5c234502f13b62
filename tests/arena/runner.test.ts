import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "@/engine/core/replay";
import type { Agent } from "@/lib/agents/types";
import {
  engineEvents,
  isDecisionsEvent,
  recordedDecisions,
  type AgentErrorEvent,
  type DecisionsEvent,
} from "@/lib/arena/events";
import { EventWriter } from "@/lib/arena/event-writer";
import { claimEpisode, readAllEvents } from "@/lib/arena/store";
import { createTestDatabase, type TestDatabase } from "../support/db";
import type { AnyGameModule } from "@/engine/core/module";
import { EpisodeSession } from "@/lib/arena/session";
import {
  countingAgent,
  countingArena,
  countingGame,
  failingAgent,
  hangingAgent,
  invalidAgent,
  throwingAgent,
} from "../support/counting-game";
import { countingEpisode, payloads, testRunner } from "../support/arena";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

describe("episode runner", () => {
  it("stores every event once, in order, with gap-free seqs, and finishes with result, metrics and roles", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "beta", "gamma"], { seed: 11, target: 60 });
    const before = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    expect(before.status).toBe("queued");

    expect(await testRunner(db.prisma).run(id)).toBe("finished");

    const episode = await db.prisma.episode.findUniqueOrThrow({ where: { id }, include: { participants: true } });
    const events = await readAllEvents(db.prisma, id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(episode).toMatchObject({ status: "finished", eventCount: events.length, leaseOwner: null });
    expect(episode.startedAt).toBeInstanceOf(Date);
    expect(episode.finishedAt).toBeInstanceOf(Date);
    expect(episode.participants.map((p) => p.role)).toEqual(["player", "player", "player"]);
    expect(events.every((e) => e.type === e.payload.type)).toBe(true);

    // setup events, then per round: decisions, then the engine's events of that step
    const types = events.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(["start", "deal", "deal", "deal"]);
    expect(types.at(-1)).toBe("end");
    const rounds = events.filter((e) => isDecisionsEvent(e.payload)).map((e) => (e.payload as DecisionsEvent).round);
    expect(rounds).toEqual(rounds.map((_, i) => i + 1));
    for (const [i, e] of events.entries()) {
      if (e.type === "add") expect(["add", "decisions"]).toContain(events[i - 1].type);
    }
    const lastDecisions = events.findLast((e) => e.type === "decisions")!.payload as DecisionsEvent;
    expect(lastDecisions.seats[0]).toMatchObject({ agentId: "alpha", agentKind: "builtin", status: "ok" });
    expect(Object.keys(lastDecisions.decisions)).toEqual(["0", "1", "2"]);

    const expectedResult = countingGame.result(
      replay(countingGame, episode.config, episode.seed, recordedDecisions(events.map((e) => e.payload)) as never)
        .state,
    );
    expect(episode.result).toEqual(expectedResult);
    expect(episode.metrics).toMatchObject({
      added: { 0: expect.any(Number), 1: expect.any(Number), 2: expect.any(Number) },
    });
  });

  it("records decisions that replay to exactly the stored engine events", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "beta"], { seed: 99 });
    await testRunner(db.prisma).run(id);
    const episode = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    const log = await payloads(db.prisma, id);
    const replayed = replay(countingGame, episode.config, episode.seed, recordedDecisions(log) as never);
    expect(replayed.events).toEqual(engineEvents(log));
  });

  it("uses the fallback and logs agent_error for failing, invalid, throwing and hanging agents", async () => {
    const agents = {
      ok: countingAgent("ok"),
      down: failingAgent("down"),
      wrong: invalidAgent("wrong"),
      bug: throwingAgent("bug"),
      stuck: hangingAgent("stuck"),
    };
    const id = await countingEpisode(db.prisma, Object.keys(agents), { target: 12 });
    const runner = testRunner(db.prisma, {
      decisionTimeoutMs: 50,
      makeAgent: (name) => agents[name as keyof typeof agents],
    });
    expect(await runner.run(id)).toBe("finished");
    const log = await payloads(db.prisma, id);
    const first = log.find(isDecisionsEvent)!;
    expect(first.decisions).toEqual({
      0: expect.any(Object),
      1: { add: 1 },
      2: { add: 1 },
      3: { add: 1 },
      4: { add: 1 },
    });
    expect(Object.values(first.seats).map((s) => s.status)).toEqual(["ok", "error", "invalid", "error", "timeout"]);
    const errors = log.filter(
      (e): e is AgentErrorEvent => e.type === "agent_error" && (e as AgentErrorEvent).round === 1,
    );
    expect(errors.map((e) => [e.seat, e.agentId, e.kind])).toEqual([
      [1, "down", "http"],
      [2, "wrong", "illegal_action"],
      [3, "bug", "internal"],
      [4, "stuck", "timeout"],
    ]);
    expect(errors[0]).toMatchObject({ raw: "oops", agentKind: "remote", latencyMs: 3 });
    // errors precede the round's decisions event
    const firstDecisions = log.indexOf(first);
    expect(log.slice(firstDecisions - 4, firstDecisions).every((e) => e.type === "agent_error")).toBe(true);
  });

  it("stores agent text with NUL characters, which JSONB rejects, without them", async () => {
    const nul: Agent = {
      id: "nul",
      kind: "llm",
      decide: async () => ({ output: { add: 2 }, thought: "a\u0000b", latencyMs: 1 }),
    };
    const id = await countingEpisode(db.prisma, ["nul", "alpha"], { target: 10 });
    expect(
      await testRunner(db.prisma, { makeAgent: (name) => (name === "nul" ? nul : countingAgent(name)) }).run(id),
    ).toBe("finished");
    const first = (await payloads(db.prisma, id)).find(isDecisionsEvent)!;
    expect(first.seats[0].thought).toBe("ab");
  });

  it("stops on shutdown, releases the lease, and a later run resumes to the same log as an uninterrupted one", async () => {
    const reference = await countingEpisode(db.prisma, ["alpha", "beta"], { seed: 5, target: 300 });
    await testRunner(db.prisma).run(reference);

    const id = await countingEpisode(db.prisma, ["alpha", "beta"], { seed: 5, target: 300 });
    const shutdown = new AbortController();
    const slow = testRunner(db.prisma, { makeAgent: (name) => countingAgent(name, { delayMs: 5 }) });
    const firstRun = slow.run(id, shutdown.signal);
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 12);
    shutdown.abort();
    expect(await firstRun).toBe("released");
    const paused = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    expect(paused).toMatchObject({ status: "running", leaseOwner: null });

    expect(await testRunner(db.prisma).run(id)).toBe("finished");
    const delay = (log: unknown[]) => JSON.stringify(log).replaceAll('"latencyMs":5', '"latencyMs":0');
    expect(delay(await payloads(db.prisma, id))).toBe(delay(await payloads(db.prisma, reference)));
  });

  it("never lets two processes hold one episode, and a stale holder writes nothing after a takeover", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "beta"], { target: 400 });
    const holder = testRunner(db.prisma, {
      owner: "holder",
      leaseMs: 600,
      makeAgent: (name) => countingAgent(name, { delayMs: 20 }),
    });
    const running = holder.run(id);
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 3);
    expect(await claimEpisode(db.prisma, id, "intruder", 10_000)).toBe(false);
    // as if the holder had stalled past its lease and another process had claimed the episode
    await db.prisma.episode.update({
      where: { id },
      data: { leaseOwner: "intruder", leaseExpiresAt: new Date(Date.now() + 60_000) },
    });
    expect(await running).toBe("lost");
    const events = await readAllEvents(db.prisma, id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(await db.prisma.episode.findUniqueOrThrow({ where: { id } })).toMatchObject({
      eventCount: events.length,
      leaseOwner: "intruder",
    });
    expect(await readAllEvents(db.prisma, id)).toHaveLength(events.length);
  });

  it("fails an episode whose stored log the engine does not reproduce", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "beta"], { target: 300 });
    const shutdown = new AbortController();
    const run = testRunner(db.prisma, { makeAgent: (name) => countingAgent(name, { delayMs: 5 }) }).run(
      id,
      shutdown.signal,
    );
    await waitFor(async () => (await db.prisma.episode.findUniqueOrThrow({ where: { id } })).eventCount > 8);
    shutdown.abort();
    await run;
    const deal = await db.prisma.episodeEvent.findFirstOrThrow({ where: { episodeId: id, type: "deal" } });
    await db.prisma.episodeEvent.update({
      where: { id: deal.id },
      data: { payload: { type: "deal", seat: 0, secret: -1 } },
    });
    expect(await testRunner(db.prisma).run(id)).toBe("failed");
    const failed = await db.prisma.episode.findUniqueOrThrow({ where: { id } });
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(
      /ReplayMismatchError: replaying the recorded decisions gives a different engine event #2/,
    );
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("event writer", () => {
  it("commits whole pushes (rounds) only, coalescing those that arrive while a commit is in flight", async () => {
    const id = await countingEpisode(db.prisma, ["alpha", "beta"]);
    expect(await claimEpisode(db.prisma, id, "writer", 10_000)).toBe(true);
    const batches: number[][] = [];
    const writer = new EventWriter({
      prisma: db.prisma,
      episodeId: id,
      owner: "writer",
      leaseMs: 10_000,
      stored: 0,
      maxBatch: 3,
      onCommitted: (events) => batches.push(events.map((e) => e.seq)),
    });
    const round = (n: number) => Array.from({ length: n }, (_, i) => ({ type: "tick", i }));
    writer.push(round(2)); // committed alone: nothing was in flight
    writer.push(round(1));
    writer.push(round(1));
    writer.push(round(5)); // larger than a batch: committed alone, never split
    writer.push(round(2));
    await writer.flush();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6, 7, 8, 9],
      [10, 11],
    ]);
    expect(await db.prisma.episode.findUniqueOrThrow({ where: { id } })).toMatchObject({ eventCount: 11 });
  });
});

describe("game module failures", () => {
  it("fall back to the engine's decision with an internal agent_error instead of failing the episode", async () => {
    const flaky: AnyGameModule = {
      ...countingArena,
      request(state, pending, context) {
        if (pending.seat === 1 && context.round === 1) throw new Error("view bug");
        return countingArena.request(state, pending, context);
      },
      definition: {
        ...countingArena.definition,
        validateDecision(state, seat, decision) {
          if (seat === 0 && (state as { round: number }).round === 1) throw new Error("decision bug");
          return countingArena.definition.validateDecision(state, seat, decision);
        },
      },
    };
    const session = EpisodeSession.start(flaky, { players: 2, target: 30 }, 1);
    const agents = new Map([
      [0, countingAgent("a")],
      [1, countingAgent("b")],
    ]);
    const first = (await session.playRound(agents, { episodeId: "e", deadlineMs: 100 }))!;
    expect(first[0]).toMatchObject({
      type: "agent_error",
      round: 1,
      seat: 1,
      kind: "internal",
      message: "the request could not be built: view bug",
    });
    expect((first[1] as DecisionsEvent).decisions[1]).toEqual({ add: 1 });
    const second = (await session.playRound(agents, { episodeId: "e", deadlineMs: 100 }))!;
    expect(second[0]).toMatchObject({
      type: "agent_error",
      round: 2,
      seat: 0,
      kind: "internal",
      message: expect.stringMatching(/decision bug/),
    });
  });
});
