import { describe, expect, it } from "vitest";
import { createAgent } from "@/lib/agents";
import { games as arenaGames } from "@/lib/games/registry";
import { seatLogView } from "@/lib/arena/redact";
import { EpisodeSession } from "@/lib/arena/session";
import { SecretMafiaTimeline } from "@/components/games/secret-mafia/timeline";
import type { TalkBoard, TalkTimelineBase } from "./timeline";
import { WerewolfTimeline } from "@/components/games/werewolf/timeline";

async function playedLog(game: "werewolf" | "secret-mafia", seed: number) {
  const arena = arenaGames[game];
  const session = EpisodeSession.start(arena, {}, seed);
  const seats = arena.seats(arena.definition.configSchema.parse({}));
  const agents = new Map(
    Array.from({ length: seats }, (_, seat) => [seat, createAgent({ kind: "builtin", name: "scripted", seed: 1 })]),
  );
  while (!session.terminal) await session.playRound(agents, { episodeId: "timeline", deadlineMs: 5_000 });
  return session.log.map((payload, i) => ({ seq: i + 1, type: payload.type, payload }));
}

function feed<T extends TalkTimelineBase<TalkBoard>>(
  timeline: T,
  log: Awaited<ReturnType<typeof playedLog>>,
  chunk: number,
) {
  for (let i = 0; i < log.length; i += chunk) timeline.append(log.slice(i, i + chunk));
  return timeline;
}

describe("talk timelines", () => {
  it("Werewolf: one frame per round; statements, labels, votes and the suspicion matrix appear as of their frame", async () => {
    const log = await playedLog("werewolf", 6);
    const timeline = feed(new WerewolfTimeline(), log, 7);
    const rounds = log.filter((e) => e.type === "decisions").length;
    expect(timeline.frameCount).toBe(rounds + 1);
    expect(timeline.seats.map((s) => s.role).filter((r) => r === "Werewolf")).toHaveLength(2);
    expect(timeline.transcript.length).toBe(log.filter((e) => e.type === "statement").length);
    expect(timeline.votes.length).toBe(log.filter((e) => e.type === "vote_result").length);

    const first = timeline.transcript[0];
    expect(first.bids).toBeDefined();
    expect(first.analysisFrame).toBeGreaterThan(first.frame);
    const before = timeline.frame(first.frame)!.suspicion;
    const after = timeline.frame(first.analysisFrame!)!.suspicion;
    expect(after).not.toEqual(before);
    expect(
      timeline
        .frame(0)!
        .suspicion!.flat()
        .every((v) => v === 0.5),
    ).toBe(true);

    const last = timeline.frame(timeline.frameCount - 1)!;
    expect(last.phase).toBe("over");
    expect(timeline.markers().some((m) => m.kind === "end")).toBe(true);
    expect(last.alive.filter((a) => !a).length).toBeGreaterThan(0);

    // Fed in one piece or in small pieces (live), the frames are the same.
    const whole = feed(new WerewolfTimeline(), log, log.length);
    expect(Array.from({ length: whole.frameCount }, (_, i) => whole.frame(i))).toEqual(
      Array.from({ length: timeline.frameCount }, (_, i) => timeline.frame(i)),
    );
  });

  it("Secret Mafia: discussion lines, public votes with ballots, eliminations", async () => {
    const log = await playedLog("secret-mafia", 2);
    const timeline = feed(new SecretMafiaTimeline(), log, 5);
    expect(timeline.transcript.length).toBe(log.filter((e) => e.type === "discussion").length);
    expect(timeline.votes.length).toBeGreaterThan(0);
    expect(Object.keys(timeline.votes[0].ballots).length).toBeGreaterThan(0);
    expect(timeline.frame(timeline.frameCount - 1)!.phase).toBe("over");
    expect(timeline.frame(1)!.suspicion).toBeNull();
  });

  it("reads a player's view (?pov=) of either game: hidden events ignored, only the roles it knows", async () => {
    for (const [game, Timeline] of [
      ["werewolf", WerewolfTimeline],
      ["secret-mafia", SecretMafiaTimeline],
    ] as const) {
      const log = await playedLog(game, 4);
      const god = feed(new Timeline(), log, log.length);
      const seat = god.seats.findIndex((s) => !s.evil);
      const view = seatLogView(arenaGames[game], seat)!(log);
      expect(view.some((e) => e.type === "hidden")).toBe(true);
      const timeline = feed(new Timeline(), view, 3);
      expect(timeline.frameCount).toBe(god.frameCount);
      expect(timeline.seats.map((s) => s.role)).toEqual(god.seats.map((s) => (s.seat === seat ? s.role : "unknown")));
      expect(timeline.transcript.map((l) => l.text)).toEqual(god.transcript.map((l) => l.text));
      expect(timeline.votes.map((v) => v.eliminated)).toEqual(god.votes.map((v) => v.eliminated));
      expect(timeline.frame(timeline.frameCount - 1)!.phase).toBe("over");
      // Werewolf: only the seat's own statements carry their self-analysis.
      expect(timeline.transcript.filter((l) => l.self).every((l) => l.seat === seat)).toBe(true);
    }
  });
});
