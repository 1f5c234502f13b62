/** Leagues: scheduling every match as a queued episode, and progress with running standings. */
import "server-only";
import { ApiError } from "@/lib/api/http";
import { winningSeats } from "@/engine/core/module";
import { games, gameModule } from "@/lib/games/registry";
import { standings, type MatchOutcome, type Standing } from "@/lib/arena/league";
import { createEpisode } from "@/lib/arena/store";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { leagueAgentIds, matchesOf, type LeagueRequest } from "./spec";

/** Checks that every agent exists, is active and plays the game; field errors name the list it is in. */
async function checkAgents(prisma: PrismaClient, request: LeagueRequest): Promise<Map<string, string>> {
  const ids = leagueAgentIds(request);
  const rows = await prisma.agent.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, status: true, games: true, deletedAt: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: Record<string, string[]> = {};
  const check = (field: string, list: string[]) => {
    for (const id of list) {
      const row = byId.get(id);
      const problem =
        !row || row.deletedAt
          ? `unknown agent ${id}`
          : row.status !== "active"
            ? `${row.name} is paused`
            : !row.games.includes(request.game)
              ? `${row.name} does not play ${request.game}`
              : null;
      if (problem) (problems[field] ??= []).push(problem);
    }
  };
  if (request.pairing === "round-robin") check("agents", request.agents);
  else {
    check("crewAgents", request.crewAgents);
    check("impostorAgents", request.impostorAgents);
  }
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, `invalid body: ${Object.values(problems).flat().join("; ")}`, problems);
  }
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Creates the league and its queued episodes in one transaction, then hands the episodes to the queue. */
export async function createLeague(
  prisma: PrismaClient,
  request: LeagueRequest,
  enqueue?: (episodeId: string) => Promise<void>,
): Promise<{ id: string; episodes: number }> {
  await checkAgents(prisma, request);
  const matches = matchesOf(request);
  const { league, episodeIds } = await prisma.$transaction(
    async (tx) => {
      const league = await tx.league.create({
        data: { name: request.name, game: request.game, spec: request as unknown as Prisma.InputJsonValue },
        select: { id: true },
      });
      const episodeIds: string[] = [];
      for (const match of matches) {
        const episodeId = await createEpisode(tx, games, {
          game: request.game,
          config: match.config,
          seed: match.seed,
          participants: match.seats.map((agentId, seat) => ({ seat, agentId })),
        });
        episodeIds.push(episodeId);
      }
      await tx.leagueMatch.createMany({
        data: matches.map((m, i) => ({ leagueId: league.id, key: m.key, episodeId: episodeIds[i] })),
      });
      return { league, episodeIds };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  // Without a runtime in this process, the episodes stay queued for whichever process polls for work.
  if (enqueue) for (const id of episodeIds) await enqueue(id);
  return { id: league.id, episodes: episodeIds.length };
}

type Status = "queued" | "running" | "finished" | "failed";

export interface LeagueProgress {
  total: number;
  queued: number;
  running: number;
  finished: number;
  failed: number;
  /** finished + failed. */
  done: number;
  percent: number;
}

export interface LeagueSummary {
  id: string;
  name: string;
  game: string;
  createdAt: string;
  pairing: LeagueRequest["pairing"];
  progress: LeagueProgress;
}

export interface LeagueEpisode {
  key: string;
  episodeId: string;
  status: Status;
  /** Agents by role, e.g. { crewmate: ["a"], impostor: ["b"] } (names). */
  sides: Record<string, string[]>;
  /** The winning roles (empty until finished, or for a draw). */
  winningRoles: string[];
}

export interface LeagueDetail extends LeagueSummary {
  spec: LeagueRequest;
  agents: Array<{ id: string; name: string }>;
  standings: Array<Standing & { name: string }>;
  episodes: LeagueEpisode[];
}

function progressOf(counts: Partial<Record<Status, number>>): LeagueProgress {
  const p = {
    queued: counts.queued ?? 0,
    running: counts.running ?? 0,
    finished: counts.finished ?? 0,
    failed: counts.failed ?? 0,
  };
  const total = p.queued + p.running + p.finished + p.failed;
  const done = p.finished + p.failed;
  return { ...p, total, done, percent: total > 0 ? Math.floor((100 * done) / total) : 0 };
}

export async function listLeagues(prisma: PrismaClient, limit = 50): Promise<LeagueSummary[]> {
  const leagues = await prisma.league.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, name: true, game: true, createdAt: true, spec: true },
  });
  if (leagues.length === 0) return [];
  const groups = await prisma.$queryRaw<Array<{ leagueId: string; status: Status; n: number }>>(Prisma.sql`
    SELECT lm."leagueId", e.status::text AS status, COUNT(*)::int AS n
    FROM "LeagueMatch" lm JOIN "Episode" e ON e.id = lm."episodeId"
    WHERE lm."leagueId" IN (${Prisma.join(leagues.map((l) => l.id))})
    GROUP BY lm."leagueId", e.status`);
  return leagues.map((l) => ({
    id: l.id,
    name: l.name,
    game: l.game,
    createdAt: l.createdAt.toISOString(),
    pairing: (l.spec as unknown as LeagueRequest).pairing,
    progress: progressOf(Object.fromEntries(groups.filter((g) => g.leagueId === l.id).map((g) => [g.status, g.n]))),
  }));
}

export async function leagueDetail(prisma: PrismaClient, id: string): Promise<LeagueDetail | null> {
  const league = await prisma.league.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      game: true,
      createdAt: true,
      spec: true,
      matches: {
        orderBy: { key: "asc" },
        select: {
          key: true,
          episode: {
            select: {
              id: true,
              status: true,
              result: true,
              createdAt: true,
              participants: { select: { seat: true, agentId: true, role: true }, orderBy: { seat: "asc" } },
            },
          },
        },
      },
    },
  });
  if (!league) return null;
  const spec = league.spec as unknown as LeagueRequest;
  const game = gameModule(league.game);
  const agentIds = leagueAgentIds(spec);
  const names = new Map(
    (await prisma.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, name: true } })).map((a) => [
      a.id,
      a.name,
    ]),
  );
  const nameOf = (id: string) => names.get(id) ?? id;

  const matches = [...league.matches].sort(
    (a, b) => a.episode.createdAt.getTime() - b.episode.createdAt.getTime() || a.key.localeCompare(b.key),
  );
  const outcomes: MatchOutcome[] = [];
  const episodes: LeagueEpisode[] = matches.map(({ key, episode }) => {
    const seats = episode.participants.map((p) => p.agentId);
    const roles = episode.participants.map((p) => p.role ?? "player");
    const winners = episode.status === "finished" && game ? winningSeats(game, episode.result, roles) : [];
    if (episode.status === "finished" || episode.status === "failed") {
      outcomes.push({ key, episodeId: episode.id, seats, roles, winners, status: episode.status });
    }
    const sides: Record<string, string[]> = {};
    episode.participants.forEach((p) => {
      const role = p.role ?? "player";
      const list = (sides[role] ??= []);
      if (!list.includes(nameOf(p.agentId))) list.push(nameOf(p.agentId));
    });
    return {
      key,
      episodeId: episode.id,
      status: episode.status,
      sides,
      winningRoles: [...new Set(winners.map((s) => roles[s]))],
    };
  });

  const counts: Partial<Record<Status, number>> = {};
  for (const e of episodes) counts[e.status] = (counts[e.status] ?? 0) + 1;
  return {
    id: league.id,
    name: league.name,
    game: league.game,
    createdAt: league.createdAt.toISOString(),
    pairing: spec.pairing,
    progress: progressOf(counts),
    spec,
    agents: agentIds.map((agentId) => ({ id: agentId, name: nameOf(agentId) })),
    standings: standings(outcomes).map((s) => ({ ...s, name: nameOf(s.agent) })),
    episodes,
  };
}
