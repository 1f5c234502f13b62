/** The leaderboard as the API and the page show it: stored results, filtered, with agent names joined in. */
import "server-only";
import { z } from "zod";
import type { HeadToHead } from "@/engine/ratings";
import { ApiError, invalid } from "@/lib/api/http";
import type { LeaderboardColumn } from "@/engine/core/module";
import { DEFAULT_GAME, gameIds, gameModule } from "@/lib/games/registry";
import { env } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { LeaderboardData, LeaderboardRow } from "./compute";
import { ratedGames, readLeaderboard } from "./store";

const slug = z.string().regex(/^[a-z0-9_-]{1,40}$/, "lower-case letters, digits, _ and - only");
/** Role ids are the game's own ("impostor", "Werewolf"); unknown ones are refused below with the game's list. */
const roleId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, _ and - only");

export const leaderboardQuerySchema = z
  .object({
    game: slug.optional(),
    role: roleId.optional(),
    kind: z.enum(["builtin", "llm", "remote"], { error: "builtin, llm or remote" }).optional(),
    minGames: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "at least 0")
      .max(1_000_000)
      .optional(),
    provisional: z.enum(["include", "exclude", "only"], { error: "include, exclude or only" }).default("include"),
  })
  .strict();

export interface AgentRef {
  id: string;
  name: string;
  kind: "builtin" | "llm" | "remote";
}

export interface LeaderboardViewRow extends LeaderboardRow {
  agent: AgentRef;
  /** Fewer games in this role than the provisional threshold. */
  provisional: boolean;
}

export interface LeaderboardView {
  game: string;
  /** Games with a leaderboard or playable in the arena. */
  games: string[];
  roles: string[];
  teamRoles: LeaderboardData["teamRoles"];
  /** Role ids with their labels. */
  roleLabels: Record<string, string>;
  /** The game's own figures in each row's `figures`. */
  columns: Array<Omit<LeaderboardColumn, "value" | "role" | "roles">>;
  computedAt: string | null;
  episodes: number;
  eloGames: number;
  provisionalGames: number;
  rows: LeaderboardViewRow[];
  /** Matrices over `agents` (rows i, columns j), as headToHead() defines them. */
  headToHead: (Omit<HeadToHead, "agents"> & { agents: AgentRef[] }) | null;
}

/** Keeps rows and columns of the matrices whose agent passes `keep`. */
function subsetHeadToHead(h2h: HeadToHead, agents: ReadonlyMap<string, AgentRef>): LeaderboardView["headToHead"] {
  const keep = h2h.agents.flatMap((id, i) => (agents.has(id) ? [i] : []));
  const pick = <T>(m: T[][]) => keep.map((i) => keep.map((j) => m[i][j]));
  return {
    agents: keep.map((i) => agents.get(h2h.agents[i])!),
    games: pick(h2h.games),
    winRate: pick(h2h.winRate),
    crewGames: pick(h2h.crewGames),
    crewWinRate: pick(h2h.crewWinRate),
    detectionVotes: pick(h2h.detectionVotes),
    detectionAccuracy: pick(h2h.detectionAccuracy),
  };
}

/** `input`: query parameters as strings (or already typed); invalid ones throw a 400 ApiError. */
export async function leaderboardView(
  prisma: PrismaClient,
  input: Record<string, unknown> = {},
): Promise<LeaderboardView> {
  const parsed = leaderboardQuerySchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, "query");
  const query = parsed.data;
  const rated = await ratedGames(prisma);
  const games = [...new Set([...gameIds, ...rated])];
  const game = query.game ?? (rated.includes(DEFAULT_GAME) ? DEFAULT_GAME : (rated[0] ?? games[0]));
  if (!games.includes(game))
    throw new ApiError(400, `unknown game "${game}"; games: ${games.join(", ")}`, { game: ["unknown game"] });

  const data = rated.includes(game) ? await readLeaderboard(prisma, game) : null;
  const module = gameModule(game);
  // In the game's own order (crewmate before impostor); roles this build does not know go last.
  const order = (role: string) => {
    const i = module?.roles.findIndex((r) => r.id === role) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const roles = [...(data?.roles ?? [])].sort((a, b) => order(a) - order(b));
  // The game's roles (a game this build does not know: those its stored leaderboard has).
  const known = module ? module.roles.map((r) => r.id) : roles;
  if (query.role && !known.includes(query.role)) {
    throw new ApiError(400, `unknown role "${query.role}" for ${game}; roles: ${known.join(", ")}`, {
      role: ["unknown role"],
    });
  }
  const threshold = env().PROVISIONAL_GAMES;
  const agentRows = data
    ? await prisma.agent.findMany({
        where: { id: { in: [...new Set(data.rows.map((r) => r.agentId))] }, deletedAt: null },
        select: { id: true, name: true, kind: true },
      })
    : [];
  const agents = new Map(agentRows.map((a) => [a.id, a]));

  const rows = (data?.rows ?? [])
    .filter((row) => agents.has(row.agentId))
    .map((row) => ({ ...row, agent: agents.get(row.agentId)!, provisional: row.games < threshold }))
    .filter(
      (row) =>
        (!query.role || row.role === query.role) &&
        (!query.kind || row.agent.kind === query.kind) &&
        (query.minGames === undefined || row.games >= query.minGames) &&
        (query.provisional === "include" || row.provisional === (query.provisional === "only")),
    );

  return {
    game,
    games,
    roles,
    teamRoles: data?.teamRoles ?? null,
    roleLabels: Object.fromEntries((module?.roles ?? []).map((r) => [r.id, r.label])),
    columns: (module?.leaderboard?.columns ?? []).map(({ key, label, title, format }) => ({
      key,
      label,
      title,
      format,
    })),
    computedAt: data?.computedAt ?? null,
    episodes: data?.episodes ?? 0,
    eloGames: data?.eloGames ?? 0,
    provisionalGames: threshold,
    rows,
    headToHead: data?.headToHead ? subsetHeadToHead(data.headToHead, agents) : null,
  };
}
