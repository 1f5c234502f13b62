import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import {
  compileLeague,
  DEFAULT_ELO,
  runLeagueElo,
  type CompiledLeague,
  type EloConfig,
  type LeagueGame,
} from "./leagueElo";

export interface BootstrapConfig {
  rounds: number;
  seed: number;
  /** Central interval mass: 0.95 → 2.5th and 97.5th percentiles. */
  confidence: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapConfig = { rounds: 200, seed: 0, confidence: 0.95 };

export interface RatingWithInterval {
  /** Elo on the actual games. */
  rating: number;
  games: number;
  wins: number;
  /** Percentile interval over the bootstrap rounds in which the agent played this role; null when it never did. */
  lower: number | null;
  upper: number | null;
  /** CI-aware rank among agents with an interval in this role; null without one. */
  rank: number | null;
}

export interface AgentEloWithIntervals {
  agent: string;
  crew: RatingWithInterval;
  impostor: RatingWithInterval;
}

/** Linear-interpolation quantile (type 7) of ascending `sorted`. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
}

/** 1 + the number of others whose lower bound is above this one's upper bound. */
export function ciAwareRanks(intervals: ReadonlyArray<{ lower: number; upper: number }>): number[] {
  return intervals.map(({ upper }) => 1 + intervals.filter((other) => other.lower > upper).length);
}

/**
 * League Elo with bootstrap confidence intervals: each round draws as many games as there are,
 * with replacement, keeps the drawn games in chronological order (a game drawn twice is played
 * twice in a row) and reruns the full multi-pass Elo.
 */
export function bootstrapLeagueElo(
  games: readonly LeagueGame[],
  elo: EloConfig = DEFAULT_ELO,
  bootstrap: BootstrapConfig = DEFAULT_BOOTSTRAP,
): AgentEloWithIntervals[] {
  const league = compileLeague(games);
  const agentCount = league.agents.length;
  const n = league.crew.length;

  const crew = new Float64Array(agentCount);
  const impostor = new Float64Array(agentCount);
  runLeagueElo(league, elo, crew, impostor);
  const records = league.agents.map((agent, i) => ({
    agent,
    crew: { rating: crew[i], games: 0, wins: 0, lower: null, upper: null, rank: null } as RatingWithInterval,
    impostor: { rating: impostor[i], games: 0, wins: 0, lower: null, upper: null, rank: null } as RatingWithInterval,
  }));
  for (let i = 0; i < n; i++) {
    records[league.crew[i]].crew.games++;
    records[league.impostor[i]].impostor.games++;
    if (league.crewWon[i]) records[league.crew[i]].crew.wins++;
    else records[league.impostor[i]].impostor.wins++;
  }

  // samples[role][agent * rounds + round]; NaN when the agent did not play that role in the round.
  const rounds = bootstrap.rounds;
  const crewSamples = new Float64Array(agentCount * rounds).fill(NaN);
  const impostorSamples = new Float64Array(agentCount * rounds).fill(NaN);
  const draws = new Uint32Array(n);
  const resample: CompiledLeague = {
    agents: league.agents,
    crew: new Int32Array(n),
    impostor: new Int32Array(n),
    crewWon: new Uint8Array(n),
  };
  const playedCrew = new Uint8Array(agentCount);
  const playedImpostor = new Uint8Array(agentCount);
  const rng = xoroshiro128plus(bootstrap.seed);
  for (let round = 0; round < rounds && n > 0; round++) {
    draws.fill(0);
    for (let d = 0; d < n; d++) draws[uniformInt(rng, 0, n - 1)]++;
    playedCrew.fill(0);
    playedImpostor.fill(0);
    for (let g = 0, j = 0; g < n; g++) {
      for (let times = draws[g]; times > 0; times--, j++) {
        resample.crew[j] = league.crew[g];
        resample.impostor[j] = league.impostor[g];
        resample.crewWon[j] = league.crewWon[g];
      }
      if (draws[g] > 0) {
        playedCrew[league.crew[g]] = 1;
        playedImpostor[league.impostor[g]] = 1;
      }
    }
    runLeagueElo(resample, elo, crew, impostor);
    for (let a = 0; a < agentCount; a++) {
      if (playedCrew[a]) crewSamples[a * rounds + round] = crew[a];
      if (playedImpostor[a]) impostorSamples[a * rounds + round] = impostor[a];
    }
  }

  const tail = (1 - bootstrap.confidence) / 2;
  const fillIntervals = (samples: Float64Array, pick: (r: (typeof records)[number]) => RatingWithInterval) => {
    records.forEach((record, a) => {
      const values = samples
        .subarray(a * rounds, (a + 1) * rounds)
        .filter((v) => !Number.isNaN(v))
        .sort();
      if (values.length === 0) return;
      const target = pick(record);
      target.lower = quantile(values, tail);
      target.upper = quantile(values, 1 - tail);
    });
    const rated = records
      .map(pick)
      .filter((r): r is RatingWithInterval & { lower: number; upper: number } => r.lower !== null);
    ciAwareRanks(rated).forEach((rank, i) => (rated[i].rank = rank));
  };
  fillIntervals(crewSamples, (r) => r.crew);
  fillIntervals(impostorSamples, (r) => r.impostor);
  return records;
}
