import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { Presets, SingleBar } from "cli-progress";
import { leagueElo, type LeagueGame } from "@/engine/ratings";
import { type AnyGameModule, winningSeats } from "@/engine/core/module";
import { leagueMatches, standings, type LeagueMatch, type MatchOutcome } from "@/lib/arena/league";
import { createEpisode } from "@/lib/arena/store";
import { configFrom, gameById, openCli, resolveAgent, type CliContext } from "./context";

export interface LeagueOptions {
  game: string;
  agents: string[];
  config?: string[];
  set?: string[];
  seeds: number[];
  episodes: number;
  concurrency: number;
  selfPlay: boolean;
  /** NDJSON file recording every match started and finished; rerunning with it resumes the league. */
  state?: string;
  db: boolean;
  json: boolean;
}

type StateLine = { key: string; episodeId: string; status: "started" } | MatchOutcome;

/** A round robin with a concurrency limit and a progress bar; prints the standings. */
export async function league(options: LeagueOptions): Promise<void> {
  const game = gameById(options.game);
  const configs = (options.config?.length ? options.config : [undefined]).map((file) =>
    game.definition.configSchema.parse(configFrom(file, options.set)),
  );
  const cli = await openCli({ db: options.db });
  const bar = new SingleBar(
    { format: "league [{bar}] {value}/{total} episodes | {eta_formatted} left", hideCursor: true },
    Presets.shades_classic,
  );
  const outcomes: MatchOutcome[] = [];
  try {
    const agentIds = new Map<string, string>();
    for (const spec of options.agents) {
      const agent = await resolveAgent(cli.prisma, spec);
      agentIds.set(agent.name, agent.id);
    }
    const matches = leagueMatches(game, {
      agents: [...agentIds.keys()],
      configs,
      seeds: options.seeds,
      episodesPerPairing: options.episodes,
      selfPlay: options.selfPlay,
    });
    const recorded = readState(options.state);
    const keys = new Set(matches.map((m) => m.key));
    outcomes.push(
      ...[...recorded.values()].filter((line): line is MatchOutcome => line.status !== "started" && keys.has(line.key)),
    );
    const done = new Set(outcomes.map((o) => o.key));
    const todo = matches.filter((m) => !done.has(m.key));
    if (!options.json) bar.start(matches.length, matches.length - todo.length);
    await pool(todo, options.concurrency, async (match) => {
      const previous = recorded.get(match.key);
      const resumable =
        previous?.status === "started" &&
        options.db &&
        (await cli.prisma.episode.findUnique({ where: { id: previous.episodeId } }));
      const episodeId = resumable
        ? previous.episodeId
        : await createEpisode(
            cli.prisma,
            { [options.game]: game },
            {
              game: options.game,
              config: match.config,
              seed: match.seed,
              participants: match.seats.map((agent, seat) => ({ seat, agentId: agentIds.get(agent)! })),
            },
          );
      if (!resumable) appendState(options.state, { key: match.key, episodeId, status: "started" });
      const outcome = await playMatch(cli, game, match, episodeId);
      appendState(options.state, outcome);
      outcomes.push(outcome);
      if (!options.json) bar.increment();
    });
  } finally {
    bar.stop();
    await cli.close();
  }
  printStandings(options, game, outcomes);
}

/** Runs (or resumes) a match's episode to its end; waits while another process still holds it. */
async function playMatch(
  cli: CliContext,
  game: AnyGameModule,
  match: LeagueMatch,
  episodeId: string,
): Promise<MatchOutcome> {
  for (;;) {
    await cli.runner.run(episodeId);
    const episode = await cli.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } });
    if (episode.status === "finished" || episode.status === "failed") {
      const winners = episode.status === "finished" ? winningSeats(game, episode.result, match.roles) : [];
      return { key: match.key, episodeId, seats: match.seats, roles: match.roles, winners, status: episode.status };
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}

function readState(file: string | undefined): Map<string, StateLine> {
  const lines = new Map<string, StateLine>();
  if (!file || !existsSync(file)) return lines;
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as StateLine;
    lines.set(line.key, line);
  }
  return lines;
}

function appendState(file: string | undefined, line: StateLine) {
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}

function printStandings(options: LeagueOptions, game: AnyGameModule, outcomes: MatchOutcome[]) {
  const table = standings(outcomes);
  const sides = game.leaderboard?.sides;
  const elo = sides ? sidesElo(sides, outcomes) : undefined;
  if (options.json) {
    console.log(JSON.stringify({ episodes: outcomes.length, standings: table, ...(elo && { elo }) }));
    return;
  }
  console.log(`\n${outcomes.length} episodes`);
  console.table(
    table.map((s) => ({
      agent: s.agent,
      games: s.games,
      wins: s.wins,
      "win %": Math.round((100 * s.wins) / Math.max(1, s.games)),
      failed: s.failed,
      ...Object.fromEntries(Object.entries(s.byRole).map(([role, r]) => [`${role} W/G`, `${r.wins}/${r.games}`])),
    })),
  );
  if (elo && sides) {
    console.log("league Elo (paper §3.2):");
    console.table(
      elo.map((e) => ({
        agent: e.agent,
        [sides.crew]: Math.round(e.crew.rating),
        [sides.impostor]: Math.round(e.impostor.rating),
      })),
    );
  }
}

/** The paper's league Elo for a game with two sides: one agent holds every seat of each side's role. */
function sidesElo(sides: { crew: string; impostor: string }, outcomes: MatchOutcome[]) {
  const games: LeagueGame[] = outcomes.flatMap((o, order) => {
    const crew = o.seats[o.roles.indexOf(sides.crew)];
    const impostor = o.seats[o.roles.indexOf(sides.impostor)];
    if (o.status !== "finished" || crew === undefined || impostor === undefined) return [];
    const crewWon = o.winners.some((seat) => o.roles[seat] === sides.crew);
    return [
      { id: o.episodeId, order, crewAgent: crew, impostorAgent: impostor, winner: crewWon ? "crew" : "impostors" },
    ];
  });
  return games.length > 0 ? leagueElo(games) : undefined;
}
