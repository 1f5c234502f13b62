/** The built-in SocialGrid bots on the engine directly: full games, task play, voting, detection. */
import { describe, expect, it } from "vitest";
import { playLocally } from "../../../core/local-play";
import type { Role, SocialGridConfigInput, SocialGridEvent, SocialGridState, VoteEvent } from "../index";
import { episodeMetrics } from "../metrics";
import { socialgridModule } from "../module";
import { evaluateDetection } from "./detection-eval";

const bot = (name: string) => socialgridModule.bots[name].create(0);
const seeds = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function play(config: SocialGridConfigInput, seed: number, lineup: Record<Role, string>) {
  const played = playLocally<SocialGridState>(socialgridModule, {
    config,
    seed,
    botFor: (_seat, role) => bot(lineup[role as Role]),
  });
  return { ...played, events: played.events as SocialGridEvent[] };
}

const crewTaskProgress = (events: SocialGridEvent[]) =>
  mean(episodeMetrics(events).seats.flatMap((s) => (s.tasks ? [s.tasks.tp] : [])));

describe("built-in SocialGrid bots", () => {
  it.each(["random", "scripted-crewmate", "scripted-impostor", "detective"])(
    "%s plays full seeded games to the end",
    (name) => {
      expect(Object.keys(socialgridModule.bots)).toContain(name);
      for (const config of [{}, { oracle: "low", macroMode: true, voteEvery: 40 }] as SocialGridConfigInput[]) {
        const { events, state, failures } = play(config, 3, { crewmate: name, impostor: name });
        expect(state.phase.kind).toBe("over");
        expect(events.at(-1)?.type).toBe("game_end");
        expect(failures).toBe(0);
      }
    },
  );

  it("replays: the same seed gives the same game", () => {
    const lineup = { crewmate: "detective", impostor: "scripted-impostor" } as const;
    const [a, b] = [play({ voteEvery: 30 }, 9, lineup), play({ voteEvery: 30 }, 9, lineup)];
    expect(b.events).toEqual(a.events);
  });

  it("the scripted crew beats a random crew on task progress (TP)", () => {
    const config = { maxSteps: 300 };
    const scripted: number[] = [];
    const random: number[] = [];
    for (const seed of seeds(12)) {
      scripted.push(
        crewTaskProgress(play(config, seed, { crewmate: "scripted-crewmate", impostor: "scripted-impostor" }).events),
      );
      random.push(crewTaskProgress(play(config, seed, { crewmate: "random", impostor: "scripted-impostor" }).events));
    }
    // Measured: scripted 0.87, random 0.00.
    expect(mean(scripted)).toBeGreaterThan(0.7);
    expect(mean(scripted)).toBeGreaterThan(mean(random) + 0.5);
  });

  it("the scripted impostor frames crewmates and never votes for its teammate", () => {
    let framed = 0;
    for (const seed of seeds(8)) {
      const { events } = play({ voteEvery: 20, maxSteps: 300 }, seed, {
        crewmate: "random",
        impostor: "scripted-impostor",
      });
      const roles = episodeMetrics(events).episode.roles;
      for (const vote of events.filter((e): e is VoteEvent => e.type === "vote" && roles[e.seat] === "impostor")) {
        if (vote.vote !== "skip") {
          expect(roles[vote.vote]).toBe("crewmate");
          framed++;
        }
        for (const [seat, trust] of Object.entries(vote.trust))
          if (roles[Number(seat)] === "impostor") expect(trust).toBe(1);
      }
    }
    expect(framed).toBeGreaterThan(20);
  });

  it("the detective's detection accuracy beats the static baseline", () => {
    const { detective, staticBaseline } = evaluateDetection({ seeds: seeds(60), detectives: 5 });
    // Measured on these seeds: 21/25 = 84% (static baseline 2/6 = 33%); 95-97% over 200 games.
    expect(staticBaseline).toBeCloseTo(2 / 6);
    expect(detective.nonSkipVotes).toBeGreaterThanOrEqual(15);
    expect(detective.accuracy).toBeGreaterThan(0.7);
  });
});
