/**
 * Episodes recorded by the build before the game-module change (tests/fixtures/recorded, exported at commit
 * f413f96) still verify with this build's engine, still import, and still read in the viewer's timelines and
 * every seat's view: their stored decisions are the engine's decisions, whatever replies produced them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SecretMafiaTimeline } from "@/components/games/secret-mafia/timeline";
import { SocialGridTimeline } from "@/components/games/socialgrid/timeline";
import { WerewolfTimeline } from "@/components/games/werewolf/timeline";
import { foldBoard } from "@/engine/core/module";
import { importEpisode, parseExport, verifyEpisode, type ExportedEpisode } from "@/lib/arena/export";
import { engineEvents } from "@/lib/arena/events";
import { seatLogView } from "@/lib/arena/redact";
import { readAllEvents } from "@/lib/arena/store";
import { gameModule, games } from "@/lib/games/registry";
import type { Timeline } from "@/lib/viewer/timeline";
import { createTestDatabase, type TestDatabase } from "../support/db";

const DIR = path.join(import.meta.dirname, "../fixtures/recorded");

const timelines: Record<string, () => Timeline & { frameCount: number }> = {
  socialgrid: () => new SocialGridTimeline(),
  werewolf: () => new WerewolfTimeline(),
  "secret-mafia": () => new SecretMafiaTimeline(),
};

async function recorded(): Promise<Array<{ file: string; episode: ExportedEpisode }>> {
  const out = [];
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith(".ndjson.gz"))
    .sort()) {
    const lines = gunzipSync(readFileSync(path.join(DIR, file)))
      .toString("utf8")
      .split("\n");
    for await (const episode of parseExport(lines)) out.push({ file, episode });
  }
  return out;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.destroy());

describe("episodes recorded before game modules", () => {
  it("verify, import, and read in the timelines and every seat's view", async () => {
    const episodes = await recorded();
    expect(new Set(episodes.map((e) => e.episode.header.game))).toEqual(new Set(Object.keys(games)));
    expect(episodes.some((e) => e.episode.events.some((x) => x.type === "agent_error"))).toBe(true);

    for (const { file, episode } of episodes) {
      const { header } = episode;
      expect(verifyEpisode(games, episode), file).toMatchObject({ ok: true });

      expect(await importEpisode(db.prisma, episode)).toBe("imported");
      const stored = await readAllEvents(db.prisma, header.episodeId);
      expect(stored.map((e) => e.payload)).toEqual(episode.events.map((e) => e.payload));

      const timeline = timelines[header.game]();
      timeline.append(stored);
      expect(timeline.frameCount, file).toBeGreaterThan(10);
      expect(
        timeline.markers().some((m) => m.kind === "end"),
        file,
      ).toBe(true);

      const module = gameModule(header.game)!;
      const board = foldBoard(module.board, engineEvents(stored.map((e) => e.payload))) as { phase: string };
      expect(board.phase, file).toBe("over");
      for (const { seat } of header.participants) {
        const view = seatLogView(module, seat)!(stored);
        expect(view.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
        const seen = timelines[header.game]();
        seen.append(view);
        expect(seen.frameCount).toBe(timeline.frameCount);
      }
    }
  });
});
