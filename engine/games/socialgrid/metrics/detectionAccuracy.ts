import type { EpisodeIndex } from "./episodeIndex";

export interface DetectionMetrics {
  votes: number;
  skips: number;
  /** |V_i| of Eq. 6. */
  nonSkipVotes: number;
  /** Non-skip votes that targeted an impostor. */
  correct: number;
  /** Eq. 6; null without non-skip votes. */
  accuracy: number | null;
  /** |I| / (N − 1) of Eq. 8, from the starting roster. */
  staticBaseline: number;
  /** Mean over the voter's non-skip votes of (impostors alive) / (alive − 1) at that vote; null without non-skip votes. */
  dynamicBaseline: number | null;
}

/** Chance of hitting an impostor with a uniformly random non-skip vote (App. C.2). */
export const chanceBaseline = (players: number, impostors: number): number =>
  players > 1 ? impostors / (players - 1) : 0;

/** Detection accuracy of a crewmate's votes; null for impostor seats (DA measures crewmates, §2.4). */
export function detectionMetrics(index: EpisodeIndex, voter: number): DetectionMetrics | null {
  if (index.roles[voter] !== "crewmate") return null;
  const isImpostor = (seat: number) => index.roles[seat] === "impostor";
  let votes = 0;
  let skips = 0;
  let correct = 0;
  let baselineSum = 0;
  for (const round of index.rounds) {
    for (const vote of round.votes) {
      if (vote.seat !== voter) continue;
      votes++;
      if (vote.vote === "skip") {
        skips++;
        continue;
      }
      if (isImpostor(vote.vote)) correct++;
      baselineSum += chanceBaseline(round.alive.length, round.alive.filter(isImpostor).length);
    }
  }
  const nonSkipVotes = votes - skips;
  return {
    votes,
    skips,
    nonSkipVotes,
    correct,
    accuracy: nonSkipVotes > 0 ? correct / nonSkipVotes : null,
    staticBaseline: chanceBaseline(
      index.start.players.length,
      index.start.players.filter((p) => p.role === "impostor").length,
    ),
    dynamicBaseline: nonSkipVotes > 0 ? baselineSum / nonSkipVotes : null,
  };
}
