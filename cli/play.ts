import { writeFile } from "node:fs/promises";
import { winningSeats } from "@/engine/core/module";
import { exportEpisode } from "@/lib/arena/export";
import { seatRoles } from "@/lib/arena/league";
import { createEpisode } from "@/lib/arena/store";
import { CliError, configFrom, gameById, openCli, resolveAgent } from "./context";

export interface PlayOptions {
  game: string;
  config?: string;
  set?: string[];
  seed: number;
  /** Agents cycled over the seats. */
  agents: string[];
  /** `role=agent`: every seat of that role. */
  role?: string[];
  db: boolean;
  export?: string;
  json: boolean;
}

/** Runs one episode headless and prints its result and metrics. */
export async function play(options: PlayOptions): Promise<void> {
  const game = gameById(options.game);
  const config = game.definition.configSchema.parse(configFrom(options.config, options.set));
  const roles = seatRoles(game, config, options.seed);
  const byRole = new Map((options.role ?? []).map((r) => r.split("=") as [string, string]));
  for (const [role, agent] of byRole) {
    if (!agent || !roles.includes(role))
      throw new CliError(`--role ${role}=${agent ?? ""}: roles in this game are ${[...new Set(roles)].join(", ")}`);
  }
  const cli = await openCli({ db: options.db });
  try {
    const seatAgents = await Promise.all(
      roles.map((role, seat) =>
        resolveAgent(cli.prisma, byRole.get(role) ?? options.agents[seat % options.agents.length]),
      ),
    );
    const id = await createEpisode(
      cli.prisma,
      { [options.game]: game },
      {
        game: options.game,
        config,
        seed: options.seed,
        participants: seatAgents.map((agent, seat) => ({ seat, agentId: agent.id })),
      },
    );
    const started = performance.now();
    const outcome = await cli.runner.run(id);
    const seconds = (performance.now() - started) / 1000;
    const episode = await cli.prisma.episode.findUniqueOrThrow({ where: { id } });
    if (options.export) {
      const lines: string[] = [];
      for await (const line of exportEpisode(cli.prisma, id)) lines.push(line);
      await writeFile(options.export, `${lines.join("\n")}\n`);
    }
    const seats = roles.map((role, seat) => ({ seat, agent: seatAgents[seat].name, role }));
    if (options.json) {
      console.log(
        JSON.stringify({
          episodeId: id,
          outcome,
          status: episode.status,
          failureReason: episode.failureReason,
          result: episode.result,
          seats,
          metrics: episode.metrics,
          events: episode.eventCount,
          seconds,
        }),
      );
    } else {
      console.log(
        `episode ${id}: ${episode.status}${episode.failureReason ? ` (${episode.failureReason})` : ""} — ${episode.eventCount} events in ${seconds.toFixed(1)} s${options.db ? "" : " (in memory)"}`,
      );
      console.log(`result: ${JSON.stringify(episode.result)}`);
      const winners = new Set(winningSeats(game, episode.result, roles));
      console.table(seats.map((s) => ({ ...s, won: winners.has(s.seat) })));
      console.log("metrics (full JSON with --json):");
      console.log(summarizeMetrics(episode.metrics));
      if (options.export) console.log(`exported to ${options.export}`);
    }
    if (episode.status !== "finished") process.exitCode = 1;
  } finally {
    await cli.close();
  }
}

/** The top level of a metrics object on a few lines: numbers and short values as they are, the rest by size. */
function summarizeMetrics(metrics: unknown): string {
  if (!metrics || typeof metrics !== "object") return `  ${JSON.stringify(metrics)}`;
  return Object.entries(metrics)
    .map(([key, value]) => {
      const text = JSON.stringify(value);
      return `  ${key}: ${text.length <= 160 ? text : `${text.slice(0, 157)}...`}`;
    })
    .join("\n");
}
