/**
 * Werewolf and Secret Mafia through the arena: full games with built-in bots and with LLM agents (a local
 * OpenAI-protocol server) in the real runner, determinism and crash-resume, and per-seat redaction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SecretMafiaMetrics } from "@/engine/games/secret-mafia";
import type { WerewolfMetrics } from "@/engine/games/werewolf";
import { createAgent } from "@/lib/agents";
import type { Agent } from "@/lib/agents/types";
import { engineEvents, isDecisionsEvent, recordedDecisions } from "@/lib/arena/events";
import { games as arenaGames } from "@/lib/games/registry";
import { seatLogView } from "@/lib/arena/redact";
import { EpisodeSession } from "@/lib/arena/session";
import { createEpisode } from "@/lib/arena/store";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { outcomeFacts, tallyDecisions } from "@/lib/leaderboard/facts";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai";
import { payloads, testRunner } from "../support/arena";
import { talkGameLlm } from "../support/talk-llm";

const TALK_GAMES = ["werewolf", "secret-mafia"] as const;
type TalkGame = (typeof TALK_GAMES)[number];
const games = { werewolf: arenaGames.werewolf, "secret-mafia": arenaGames["secret-mafia"] };
// The talk games have a random and a scripted bot (the detective is SocialGrid's).
const lineup = ["scripted", "random", "scripted"];

let db: TestDatabase;
let llm: Record<TalkGame, FakeOpenAI>;

beforeAll(async () => {
  db = await createTestDatabase();
  llm = {
    werewolf: await startFakeOpenAI(talkGameLlm("werewolf")),
    "secret-mafia": await startFakeOpenAI(talkGameLlm("secret-mafia")),
  };
});
afterAll(async () => {
  await Promise.all(Object.values(llm ?? {}).map((server) => server.close()));
  await db?.destroy();
});

const seatsOf = (game: TalkGame, config: object) =>
  games[game].seats(games[game].definition.configSchema.parse(config));

/** One agent row per name; `makeAgent` builds the seat's agent from the row's name. */
async function episode(game: TalkGame, names: string[], config: object, seed: number): Promise<string> {
  const ids: string[] = [];
  for (const name of names) {
    const row = await db.prisma.agent.upsert({
      where: { name },
      create: { name, kind: "builtin", config: { name }, games: [game] },
      update: {},
    });
    ids.push(row.id);
  }
  return createEpisode(db.prisma, games, {
    game,
    config,
    seed,
    participants: Array.from({ length: seatsOf(game, config) }, (_, seat) => ({
      seat,
      agentId: ids[seat % ids.length],
    })),
  });
}

const builtin = (name: string): Agent => createAgent({ kind: "builtin", name, seed: 3 });

describe.each(TALK_GAMES)("%s in the arena runner", (game) => {
  it("plays a default game with built-in bots to the end; result, roles and metrics are stored", async () => {
    const id = await episode(game, lineup, {}, 11);
    expect(await testRunner(db.prisma, { games, makeAgent: builtin }).run(id)).toBe("finished");
    const stored = await db.prisma.episode.findUniqueOrThrow({
      where: { id },
      include: { participants: { orderBy: { seat: "asc" } } },
    });
    const log = await payloads(db.prisma, id);
    expect(log.filter((e) => e.type === "agent_error")).toEqual([]);
    expect(log.at(-1)?.type).toBe("game_end");
    expect((stored.result as { winner: string }).winner).toBeTruthy();
    expect(stored.participants.every((p) => p.role && p.role !== "player")).toBe(true);
    if (game === "werewolf") {
      const metrics = stored.metrics as unknown as WerewolfMetrics;
      expect(metrics.players).toHaveLength(8);
      expect(metrics.suspicionTimeline.length).toBeGreaterThan(0);
    } else {
      const metrics = stored.metrics as unknown as SecretMafiaMetrics;
      expect(metrics.players).toHaveLength(6);
      expect(metrics.byRole.Mafia.players).toBe(2);
    }
  });

  it("plays a game with LLM agents over the OpenAI protocol, every reply valid", async () => {
    const config = game === "werewolf" ? { statementsPerDay: 2, maxRounds: 3 } : {};
    const name = `llm-${game}`;
    const id = await episode(game, [name], config, 5);
    const makeAgent = () => createAgent({ kind: "llm", baseURL: llm[game].baseURL, model: "fake" });
    const before = llm[game].requests.length;
    expect(await testRunner(db.prisma, { games, makeAgent }).run(id)).toBe("finished");
    const log = await payloads(db.prisma, id);
    expect(log.filter((e) => e.type === "agent_error")).toEqual([]);
    expect(log.at(-1)?.type).toBe("game_end");
    const calls = llm[game].requests.slice(before);
    expect(calls.length).toBe(log.filter(isDecisionsEvent).reduce((n, e) => n + Object.keys(e.decisions).length, 0));
    // The prompts are the engine's rendered ones.
    expect(calls[0].messages[0].content).toContain(
      game === "werewolf" ? "in a game of Werewolf" : "Welcome to Secret Mafia!",
    );
  });

  it("is deterministic, and bots resumed from a cut log decide as in the uninterrupted run", async () => {
    const agents = () =>
      new Map(Array.from({ length: seatsOf(game, {}) }, (_, seat) => [seat, builtin(lineup[seat % lineup.length])]));
    const options = { episodeId: "talk-determinism", deadlineMs: 5_000 };
    const play = async (session: EpisodeSession, seats: Map<number, Agent>) => {
      while (!session.terminal) await session.playRound(seats, options);
      return session;
    };
    const first = await play(EpisodeSession.start(games[game], {}, 21), agents());
    const second = await play(EpisodeSession.start(games[game], {}, 21), agents());
    expect(recordedDecisions(second.log)).toEqual(recordedDecisions(first.log));
    expect(engineEvents(second.log)).toEqual(engineEvents(first.log));

    const cut = Math.floor(first.round / 2);
    const stored = first.log.slice(
      0,
      first.log.findIndex((e) => isDecisionsEvent(e) && e.round === cut),
    );
    const seats = agents();
    const resumed = await play(
      EpisodeSession.resume(games[game], {}, 21, stored, { agents: seats, ...options }),
      seats,
    );
    expect(engineEvents(resumed.log)).toEqual(engineEvents(first.log));
  });

  it("a seat's redacted stream never holds another player's role (teammates aside) or their private moves", async () => {
    const session = EpisodeSession.start(games[game], {}, 8);
    const seats = new Map(
      Array.from({ length: seatsOf(game, {}) }, (_, seat) => [seat, builtin(lineup[seat % lineup.length])]),
    );
    while (!session.terminal) await session.playRound(seats, { episodeId: "talk-redaction", deadlineMs: 5_000 });
    const start = session.log[0] as unknown as { players: Array<{ seat: number; role: string }> };
    const evil = game === "werewolf" ? "Werewolf" : "Mafia";
    expect(rolesIn(session.log[0])).toHaveLength(start.players.length);
    for (const { seat, role } of start.players) {
      const teammates = new Set(
        role === evil ? start.players.filter((p) => p.role === evil).map((p) => p.seat) : [seat],
      );
      const logged = session.log.map((payload, i) => ({ seq: i + 1, type: payload.type, payload }));
      const stream = seatLogView(games[game], seat)!(logged).map((e) => e.payload);
      for (const event of stream) {
        for (const leak of rolesIn(event))
          expect(teammates.has(leak.seat), `${event.type} shows seat ${leak.seat}'s role to seat ${seat}`).toBe(true);
        expect(event).not.toHaveProperty("roles");
        expect(event).not.toHaveProperty("gameInfo");
        // The pack's (the Mafia's) night choices reach the whole pack, as their player views show them.
        if (["wolf_proposal", "night_vote"].includes(event.type)) {
          expect(role).toBe(evil);
          expect(teammates.has((event as unknown as { seat: number }).seat)).toBe(true);
        }
        if (["protect", "unmask", "investigate"].includes(event.type)) {
          expect((event as unknown as { seat: number }).seat).toBe(seat);
        }
        if (isDecisionsEvent(event)) expect(Object.keys(event.decisions).every((s) => Number(s) === seat)).toBe(true);
      }
      // A player's own events still come through.
      expect(stream.filter((e) => e.type !== "hidden").length).toBeGreaterThan(10);
    }
  });
});

describe("talk games on the leaderboard", () => {
  it("OpenSkill per game and role; Secret Mafia survival and invalid-move rates beside the rating", async () => {
    for (const game of TALK_GAMES) {
      const arena = games[game];
      const episodes = [];
      for (const seed of [1, 2, 3, 4]) {
        const session = EpisodeSession.start(arena, {}, seed);
        const names = seed % 2 === 0 ? ["scripted", "random"] : ["random", "scripted"];
        const agents = new Map(
          Array.from({ length: seatsOf(game, {}) }, (_, seat) => [seat, builtin(names[seat % 2])]),
        );
        while (!session.terminal) await session.playRound(agents, { episodeId: `lb-${seed}`, deadlineMs: 5_000 });
        const participants = Array.from({ length: agents.size }, (_, seat) => ({
          seat,
          agentId: names[seat % 2],
          role: arena.roleOf(session.state, seat),
        }));
        const facts = outcomeFacts(arena, {
          participants,
          result: session.result(),
          metrics: arena.metrics!(engineEvents(session.log)),
          seatDecisions: tallyDecisions(session.log.filter(isDecisionsEvent)),
        });
        episodes.push({ ...facts, id: `e${seed}`, order: seed });
      }
      const board = computeLeaderboard(arena, episodes);
      const roles =
        game === "werewolf" ? ["Doctor", "Seer", "Villager", "Werewolf"] : ["Detective", "Doctor", "Mafia", "Villager"];
      expect(board.roles).toEqual(roles);
      expect(board.rows.every((row) => row.openSkill !== null && row.rank !== null)).toBe(true);
      const mafia = board.rows.filter((row) => row.role === (game === "werewolf" ? "Werewolf" : "Mafia"));
      expect(mafia.length).toBeGreaterThan(0);
      // Each game's own figures: Secret Mafia's survival and rule-rejected moves, Werewolf's agreement and Brier.
      const figures = game === "secret-mafia" ? ["survival", "invalidMoves"] : ["agreement", "brier"];
      for (const row of board.rows) expect(Object.keys(row.figures)).toEqual(figures);
      if (game === "secret-mafia") {
        for (const row of board.rows) expect(row.figures.survival).toEqual(expect.any(Number));
      } else {
        expect(board.rows.some((row) => typeof row.figures.agreement === "number")).toBe(true);
      }
    }
  });
});

/** Every `{ seat, role }` (a role attributed to a seat) anywhere in an event, plus unmask results. */
function rolesIn(value: unknown, found: Array<{ seat: number }> = []): Array<{ seat: number }> {
  if (Array.isArray(value)) value.forEach((v) => rolesIn(v, found));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.seat === "number" && typeof o.role === "string") found.push({ seat: o.seat });
    if (o.type === "unmask" && typeof o.target === "number" && o.role) found.push({ seat: o.seat as number });
    Object.values(o).forEach((v) => rolesIn(v, found));
  }
  return found;
}
