import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { episodeMetrics } from "../engine/games/socialgrid/metrics";
import { syntheticEpisode } from "../engine/games/socialgrid/metrics/testing/syntheticEpisode";
import { bootstrapLeagueElo, leagueGameToRated, openSkillRatings, type LeagueGame } from "../engine/ratings";
import type { Figure } from "./index";

/**
 * Metrics speed. `metrics.episode_metrics_ms`: every per-episode metric of one synthetic 2,500-step,
 * 7-player log (median of 30 runs). `metrics.ratings_recompute_ms`: league Elo with 200 bootstrap
 * rounds plus OpenSkill over 10,000 synthetic games between 20 agents (median of 5 runs).
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function time(runs: number, work: () => void): number {
  work(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function syntheticLeague(games: number, agents: number): LeagueGame[] {
  const rng = xoroshiro128plus(2024);
  return Array.from({ length: games }, (_, i) => ({
    id: `g${i}`,
    order: i,
    crewAgent: `agent${uniformInt(rng, 0, agents - 1)}`,
    impostorAgent: `agent${uniformInt(rng, 0, agents - 1)}`,
    winner: uniformInt(rng, 0, 9) < 2 ? "crew" : "impostors",
  }));
}

export async function run(): Promise<Figure[]> {
  const log = syntheticEpisode(1);
  const episodeMs = time(30, () => episodeMetrics(log));

  const league = syntheticLeague(10_000, 20);
  const ratingsMs = time(5, () => {
    bootstrapLeagueElo(league, undefined, { rounds: 200, seed: 1, confidence: 0.95 });
    openSkillRatings(league.map(leagueGameToRated));
  });

  return [
    { name: "metrics.ratings_recompute_ms", value: ratingsMs, unit: "ms" },
    { name: "metrics.episode_metrics_ms", value: episodeMs, unit: "ms" },
  ];
}
