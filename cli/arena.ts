/**
 * `npm run arena -- <command>`: play, league, export, import, verify. Run with `--help` for the options.
 * Logs go to stderr (LOG_LEVEL, default warn); results to stdout.
 */
import { Command, Option } from "commander";
import { RANDOM_BOT } from "@/lib/arena/random-bot";
import { DEFAULT_GAME, gameIds } from "@/lib/games/registry";
import { CliError, parseInteger, parseList } from "./context";
import { exportEpisodes, importEpisodes, verifyExport } from "./dataset";
import { league } from "./league";
import { play } from "./play";

const collect = (value: string, previous: string[] = []) => [...previous, value];

const program = new Command("arena").description(
  "Run Social Arena episodes headless, run leagues, export and verify datasets.",
);

program
  .command("play")
  .description("run one episode and print its result and metrics")
  .option("--game <id>", `game: ${gameIds.join(", ")}`, DEFAULT_GAME)
  .option("--config <file>", "game config JSON file")
  .option("--set <key=value>", "override a config field (dotted keys, JSON values); repeatable", collect)
  .option("--seed <n>", "seed", parseInteger, 1)
  .option(
    "--agents <list>",
    "agents cycled over the seats: built-in bot names, stored agent names or agent config .json files",
    parseList,
    [RANDOM_BOT],
  )
  .option(
    "--role <role=agent>",
    "give every seat of a role to one agent, e.g. impostor=scripted-impostor; repeatable",
    collect,
  )
  .option("--db", "store the episode in the configured database (default: a throwaway in-memory one)", false)
  .option("--export <file>", "also write the episode as NDJSON")
  .option("--json", "print one JSON object", false)
  .action(play);

program
  .command("league")
  .description("round robin: every ordered pair of agents × configs × seeds × episodes per pairing")
  .requiredOption("--agents <list>", "at least two agents (names or config .json files)", parseList)
  .option("--game <id>", `game: ${gameIds.join(", ")}`, DEFAULT_GAME)
  .option("--config <file>", "a game config JSON file; repeatable (default: the game's defaults)", collect)
  .option("--set <key=value>", "override a field of every config; repeatable", collect)
  .option("--seeds <list>", "seeds", (v) => parseList(v).map(parseInteger), [1])
  .option("--episodes <n>", "episodes per pairing, config and seed", parseInteger, 1)
  .option("--concurrency <n>", "episodes at once", parseInteger, 4)
  .option("--self-play", "also pair each agent with itself", false)
  .option("--state <file>", "record progress here; rerun with the same file to resume")
  .option("--db", "store the episodes in the configured database", false)
  .option("--json", "print the standings as JSON", false)
  .action(league);

program
  .command("export")
  .description("stored episodes as NDJSON: a header line per episode, then one line per event")
  .argument("[ids...]", "episode ids")
  .option("--all", "every finished episode", false)
  .option("--game <id>", "with --all: only this game")
  .option("--include-demo", "with --all: demo episodes too", false)
  .addOption(new Option("-o, --out <file>", "write to a file instead of stdout"))
  .action((ids: string[], options) => exportEpisodes({ ids, ...options }));

program
  .command("import")
  .description("load exported episodes into the configured database")
  .argument("<file>", "NDJSON file, or - for stdin")
  .action(importEpisodes);

program
  .command("verify")
  .description("replay exported episodes with this build's engine and check that every event matches")
  .argument("<file>", "NDJSON file, or - for stdin")
  .option("--json", "one JSON line per episode", false)
  .action((file: string, options: { json: boolean }) => verifyExport(file, options.json));

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(1);
});
