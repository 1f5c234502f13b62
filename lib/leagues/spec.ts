/**
 * A league request: which agents meet how (every ordered pair, or chosen crew agents against chosen
 * impostor agents, as in the paper), under which game configs and seeds, how often. Configs are checked
 * by the game's own schema; errors name the config and field (`configs.0.roomSize`).
 */
import "server-only";
import { z } from "zod";
import { idSchema } from "@/lib/api/http";
import { leagueMatches, type LeagueMatch } from "@/lib/arena/league";
import { DEFAULT_GAME, gameIds, gameModule } from "@/lib/games/registry";

export const MAX_LEAGUE_EPISODES = 500;

const agentList = (min: number, what: string) =>
  z
    .array(idSchema, { error: `choose ${what}` })
    .min(min, `choose at least ${min === 1 ? "one agent" : `${min} agents`}`)
    .max(16, "at most 16 agents")
    .refine((ids) => new Set(ids).size === ids.length, "an agent is listed twice");

const shared = {
  name: z.string({ error: "required" }).trim().min(3, "at least 3 characters").max(80, "at most 80 characters"),
  game: z
    .string()
    .default(DEFAULT_GAME)
    .refine((game) => gameModule(game) !== undefined, { message: `unknown game; games: ${gameIds.join(", ")}` }),
  configs: z
    .array(z.record(z.string(), z.unknown(), { error: "each config must be an object" }), {
      error: "a list of game configs",
    })
    .min(1, "at least one config")
    .max(12, "at most 12 configs"),
  seeds: z
    .array(
      z
        .number({ error: "seeds are whole numbers" })
        .int("seeds are whole numbers")
        .min(0, "seeds are ≥ 0")
        .max(2 ** 31 - 1, "seeds are < 2³¹"),
      {
        error: "a list of seeds",
      },
    )
    .min(1, "at least one seed")
    .max(50, "at most 50 seeds"),
  episodesPerPairing: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "at least 1")
    .max(50, "at most 50")
    .default(1),
};

export const leagueRequestSchema = z
  .discriminatedUnion(
    "pairing",
    [
      z.object({
        ...shared,
        pairing: z.literal("round-robin"),
        agents: agentList(2, "the agents"),
        selfPlay: z.boolean().default(false),
      }),
      z.object({
        ...shared,
        pairing: z.literal("crew-vs-impostors"),
        crewAgents: agentList(1, "the crew agents"),
        impostorAgents: agentList(1, "the impostor agents"),
      }),
    ],
    { error: "pairing must be round-robin or crew-vs-impostors" },
  )
  .superRefine((request, ctx) => {
    const game = gameModule(request.game);
    if (!game) return;
    request.configs.forEach((config, index) => {
      const parsed = game.definition.configSchema.safeParse(config);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: ["configs", index, ...issue.path.map(String)], message: issue.message });
      }
    });
    if (request.pairing === "crew-vs-impostors" && !game.leaderboard?.sides) {
      ctx.addIssue({
        code: "custom",
        path: ["pairing"],
        message: `${request.game} has no crew and impostor sides; use round-robin`,
      });
    }
    const count = episodeCount(request);
    if (count > MAX_LEAGUE_EPISODES) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: `this league would have ${count} episodes; at most ${MAX_LEAGUE_EPISODES}`,
      });
    }
  });

export type LeagueRequest = z.output<typeof leagueRequestSchema>;

export function episodeCount(request: LeagueRequest): number {
  const pairs =
    request.pairing === "round-robin"
      ? request.agents.length * (request.agents.length - 1) + (request.selfPlay ? request.agents.length : 0)
      : request.crewAgents.length * request.impostorAgents.length;
  return pairs * request.configs.length * request.seeds.length * request.episodesPerPairing;
}

export const leagueAgentIds = (request: LeagueRequest): string[] =>
  request.pairing === "round-robin" ? request.agents : [...new Set([...request.crewAgents, ...request.impostorAgents])];

/**
 * Every match of the league. Round robin is `leagueMatches` (the first agent of each ordered pair takes the
 * crew). Crew vs impostors takes, for each chosen crew agent c and impostor agent i, the (c, i) matches of
 * that same round robin, so keys and seeds agree between the two pairings.
 */
export function matchesOf(request: LeagueRequest): LeagueMatch[] {
  const game = gameModule(request.game)!;
  const configs = request.configs.map((c) => game.definition.configSchema.parse(c));
  const base = { configs, seeds: request.seeds, episodesPerPairing: request.episodesPerPairing };
  if (request.pairing === "round-robin")
    return leagueMatches(game, { ...base, agents: request.agents, selfPlay: request.selfPlay });
  return request.crewAgents.flatMap((crew) =>
    request.impostorAgents.flatMap((impostor) =>
      leagueMatches(game, {
        ...base,
        agents: crew === impostor ? [crew] : [crew, impostor],
        selfPlay: crew === impostor,
      }).filter((m) => m.key.endsWith(`/${crew}/${impostor}`)),
    ),
  );
}
