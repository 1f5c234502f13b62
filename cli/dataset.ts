import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { exportEpisode, importEpisode, parseExport, verifyEpisode } from "@/lib/arena/export";
import { games } from "@/lib/games/registry";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { CliError } from "./context";

export interface ExportOptions {
  ids: string[];
  game?: string;
  /** Export every finished episode (of `game` if given), oldest first. */
  all: boolean;
  includeDemo: boolean;
  out?: string;
}

/** Stored episodes to NDJSON, on stdout or into a file. */
export async function exportEpisodes(options: ExportOptions): Promise<void> {
  const { prisma } = await getDatabase();
  try {
    let ids = options.ids;
    if (options.all) {
      const rows = await prisma.episode.findMany({
        where: {
          status: "finished",
          ...(options.game && { game: options.game }),
          ...(!options.includeDemo && { demo: false }),
        },
        orderBy: { finishedAt: "asc" },
        select: { id: true },
      });
      ids = rows.map((r) => r.id);
    }
    if (ids.length === 0) throw new CliError("nothing to export: give episode ids or --all");
    const out = options.out ? createWriteStream(options.out) : process.stdout;
    for (const id of ids) {
      for await (const line of exportEpisode(prisma, id)) {
        if (!out.write(`${line}\n`)) await once(out, "drain");
      }
    }
    if (options.out) {
      out.end();
      await once(out, "finish");
      console.error(`exported ${ids.length} episode${ids.length === 1 ? "" : "s"} to ${options.out}`);
    }
  } finally {
    await closeDatabase();
  }
}

const linesOf = (file: string) =>
  createInterface({ input: file === "-" ? process.stdin : createReadStream(file), crlfDelay: Infinity });

/** Exported episodes into the configured database (episodes already there are skipped). */
export async function importEpisodes(file: string): Promise<void> {
  const { prisma } = await getDatabase();
  try {
    const counts = { imported: 0, exists: 0 };
    for await (const episode of parseExport(linesOf(file))) counts[await importEpisode(prisma, episode)] += 1;
    console.log(`imported ${counts.imported} episode(s); ${counts.exists} already present`);
  } finally {
    await closeDatabase();
  }
}

/** Replays every episode of an export with this build's engine; exits 1 if any does not match. */
export async function verifyExport(file: string, json: boolean): Promise<void> {
  let failures = 0;
  let total = 0;
  for await (const episode of parseExport(linesOf(file))) {
    const check = verifyEpisode(games, episode);
    total += 1;
    if (!check.ok) failures += 1;
    if (json) console.log(JSON.stringify(check));
    else
      console.log(
        check.ok
          ? `ok    ${check.episodeId}: ${check.events} events, ${check.rounds} rounds replayed`
          : `FAIL  ${check.episodeId}: ${check.problem}`,
      );
  }
  if (!json) console.log(`${total - failures} of ${total} episode(s) verified`);
  if (failures > 0 || total === 0) process.exitCode = 1;
}
