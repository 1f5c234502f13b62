import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportEpisode, importEpisode, parseExport, verifyEpisode } from "@/lib/arena/export";
import { readAllEvents } from "@/lib/arena/store";
import { countingEpisode, testGames, testRunner } from "../support/arena";
import { createTestDatabase, type TestDatabase } from "../support/db";

let source: TestDatabase;
let target: TestDatabase;
beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([source?.destroy(), target?.destroy()]);
});

async function exportLines(id: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of exportEpisode(source.prisma, id, 7)) lines.push(line);
  return lines;
}

async function parse(lines: string[]) {
  const episodes = [];
  for await (const episode of parseExport(lines)) episodes.push(episode);
  return episodes;
}

describe("export, import, verify", () => {
  it("exports a header and every event, and the export verifies by replay", async () => {
    const id = await countingEpisode(source.prisma, ["alpha", "beta"], { seed: 31, target: 50 });
    await testRunner(source.prisma).run(id);
    const lines = await exportLines(id);
    const stored = await readAllEvents(source.prisma, id);
    expect(lines).toHaveLength(stored.length + 1);
    expect(JSON.parse(lines[0])).toMatchObject({
      format: "social-arena-episode/1",
      episodeId: id,
      game: "counting",
      rulesetVersion: "1",
      config: { players: 2, target: 50 },
      seed: 31,
      status: "finished",
      eventCount: stored.length,
      participants: [
        { seat: 0, agentName: "alpha", agentKind: "builtin", role: "player" },
        { seat: 1, agentName: "beta", agentKind: "builtin", role: "player" },
      ],
    });
    const [episode] = await parse(lines);
    expect(episode.events).toEqual(stored);
    expect(verifyEpisode(testGames, episode)).toMatchObject({ ok: true, episodeId: id, events: stored.length });
  });

  it("finds tampered, reordered or truncated exports", async () => {
    const id = await countingEpisode(source.prisma, ["alpha", "beta"], { seed: 32, target: 50 });
    await testRunner(source.prisma).run(id);
    const lines = await exportLines(id);
    const addAt = lines.findIndex((l) => JSON.parse(l).type === "add");
    const tampered = [...lines];
    const event = JSON.parse(tampered[addAt]);
    event.payload.total += 1;
    tampered[addAt] = JSON.stringify(event);
    expect((await parse(tampered)).map((e) => verifyEpisode(testGames, e))).toEqual([
      { ok: false, episodeId: id, problem: expect.stringMatching(/different engine event/) },
    ]);
    const swapped = [...lines];
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    expect(verifyEpisode(testGames, (await parse(swapped))[0])).toMatchObject({
      ok: false,
      problem: "event 3 has seq 4",
    });
    expect(verifyEpisode(testGames, (await parse(lines.slice(0, -1)))[0])).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/header counts/),
    });
    await expect(parse(['{"seq":1}'])).rejects.toThrow(/line 1: an event before any episode header/);
  });

  it("imports into another database under the same id, once", async () => {
    const id = await countingEpisode(source.prisma, ["alpha", "beta"], { seed: 33, target: 40 });
    await testRunner(source.prisma).run(id);
    const [episode] = await parse(await exportLines(id));
    expect(await importEpisode(target.prisma, episode)).toBe("imported");
    expect(await importEpisode(target.prisma, episode)).toBe("exists");
    expect(await readAllEvents(target.prisma, id)).toEqual(await readAllEvents(source.prisma, id));
    const copy = await target.prisma.episode.findUniqueOrThrow({
      where: { id },
      include: { participants: { include: { agent: true } } },
    });
    expect(copy).toMatchObject({ status: "finished", seed: 33, game: "counting" });
    expect(copy.participants.map((p) => [p.seat, p.agent.name, p.agent.status])).toEqual([
      [0, "alpha", "paused"],
      [1, "beta", "paused"],
    ]);
  });
});

describe("CLI", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "arena-cli-"));
  const arena = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "cli/arena.ts", ...args], {
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, LOG_LEVEL: "warn" },
    });

  it("plays a SocialGrid episode in memory, exports it, and verify accepts it and rejects a tampered copy", () => {
    const file = path.join(dir, "episode.ndjson");
    const played = arena("play", "--seed", "5", "--set", "maxSteps=40", "--export", file, "--json");
    expect(played.stderr).not.toMatch(/Error/);
    expect(played.status).toBe(0);
    const summary = JSON.parse(played.stdout.trim().split("\n").at(-1)!);
    expect(summary).toMatchObject({ status: "finished", result: { t: 40 }, seats: expect.any(Array) });
    expect(summary.seats).toHaveLength(7);

    const verified = arena("verify", file);
    // 40 env steps, plus a meeting's round when a bot reported or pressed the button: the random bot draws
    // from the episode id, which a fresh in-memory play picks anew.
    const rounds = Number(verified.stdout.match(/^ok {4}\S+: \d+ events, (\d+) rounds replayed$/m)?.[1]);
    expect(rounds).toBeGreaterThanOrEqual(40);
    expect(verified.status).toBe(0);

    const lines = readFileSync(file, "utf8").trim().split("\n");
    const step = lines.findIndex((l) => JSON.parse(l).type === "step");
    const event = JSON.parse(lines[step]);
    event.payload.acts[0][3] += 1;
    lines[step] = JSON.stringify(event);
    writeFileSync(path.join(dir, "tampered.ndjson"), `${lines.join("\n")}\n`);
    const rejected = arena("verify", path.join(dir, "tampered.ndjson"));
    expect(rejected.stdout).toMatch(/FAIL .*different engine event/);
    expect(rejected.status).toBe(1);
  });

  it("runs a small league, resumes it from its state file and prints the standings", () => {
    const state = path.join(dir, "league.ndjson");
    const args = [
      "league",
      "--agents",
      "random,detective",
      "--set",
      "maxSteps=20",
      "--seeds",
      "1,2",
      "--state",
      state,
      "--json",
    ];
    const first = arena(...args);
    expect(first.status).toBe(0);
    const standings = JSON.parse(first.stdout.trim().split("\n").at(-1)!);
    expect(standings.episodes).toBe(4);
    expect(standings.standings.map((s: { agent: string; games: number }) => [s.agent, s.games]).sort()).toEqual([
      ["detective", 4],
      ["random", 4],
    ]);
    expect(standings.elo).toHaveLength(2);
    const again = arena(...args);
    expect(JSON.parse(again.stdout.trim().split("\n").at(-1)!).episodes).toBe(4);
    expect(readFileSync(state, "utf8").trim().split("\n")).toHaveLength(8);
  });
});
