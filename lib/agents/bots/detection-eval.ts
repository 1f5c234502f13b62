/**
 * Detection accuracy (the paper's Eq. 6, via episodeMetrics) of detectives against scripted impostors,
 * over seeded games played on the engine directly.
 */
import { episodeMetrics, type DetectionMetrics } from "../../../engine/metrics";
import type { SocialGridConfigInput } from "../../../engine/games/socialgrid";
import { createBuiltinAgent } from "../builtins";
import { playLocalGame } from "./local-game";

export interface VoteTally {
  /** Votes cast, skips included. */
  votes: number;
  nonSkipVotes: number;
  /** Non-skip votes for an impostor. */
  correct: number;
  /** correct / nonSkipVotes; null without non-skip votes. */
  accuracy: number | null;
  /** Chance of a random non-skip vote at the same votes (App. C.2), weighted like `accuracy`. */
  dynamicBaseline: number | null;
}

export interface DetectionEvaluation {
  games: number;
  crewWins: number;
  /** impostors / (players − 1). */
  staticBaseline: number;
  detective: VoteTally;
  /** The scripted crewmates of the same games. */
  scriptedCrewmate: VoteTally;
}

/** In each game the first `detectives` crew seats are detectives, the other crew scripted crewmates. */
export async function evaluateDetection(options: {
  seeds: readonly number[];
  detectives: number;
  config?: SocialGridConfigInput;
}): Promise<DetectionEvaluation> {
  const tallies = { detective: [] as DetectionMetrics[], "scripted-crewmate": [] as DetectionMetrics[] };
  let crewWins = 0;
  let staticBaseline = 0;
  for (const seed of options.seeds) {
    const names: string[] = [];
    let crew = 0;
    const { events } = await playLocalGame({
      config: options.config ?? {},
      seed,
      agentFor(seat, role) {
        names[seat] =
          role === "impostor" ? "scripted-impostor" : crew++ < options.detectives ? "detective" : "scripted-crewmate";
        return createBuiltinAgent({ kind: "builtin", name: names[seat], seed: 0 });
      },
    });
    const metrics = episodeMetrics(events);
    if (metrics.episode.winner === "crew") crewWins++;
    staticBaseline = metrics.episode.staticBaseline;
    for (const seat of metrics.seats) {
      const name = names[seat.seat];
      if (seat.detection && (name === "detective" || name === "scripted-crewmate")) tallies[name].push(seat.detection);
    }
  }
  return {
    games: options.seeds.length,
    crewWins,
    staticBaseline,
    detective: pooled(tallies.detective),
    scriptedCrewmate: pooled(tallies["scripted-crewmate"]),
  };
}

function pooled(seats: readonly DetectionMetrics[]): VoteTally {
  let votes = 0;
  let nonSkipVotes = 0;
  let correct = 0;
  let baseline = 0;
  for (const d of seats) {
    votes += d.votes;
    nonSkipVotes += d.nonSkipVotes;
    correct += d.correct;
    baseline += (d.dynamicBaseline ?? 0) * d.nonSkipVotes;
  }
  return {
    votes,
    nonSkipVotes,
    correct,
    accuracy: nonSkipVotes > 0 ? correct / nonSkipVotes : null,
    dynamicBaseline: nonSkipVotes > 0 ? baseline / nonSkipVotes : null,
  };
}
