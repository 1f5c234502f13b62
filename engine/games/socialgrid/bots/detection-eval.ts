/**
 * Detection accuracy (the paper's Eq. 6, via episodeMetrics) of detectives against scripted impostors,
 * over seeded games played on the engine directly.
 */
import { playLocally } from "../../../core/local-play";
import type { SocialGridConfigInput, SocialGridEvent } from "../index";
import { type DetectionMetrics, episodeMetrics } from "../metrics";
import { socialgridModule } from "../module";

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
export function evaluateDetection(options: {
  seeds: readonly number[];
  detectives: number;
  config?: SocialGridConfigInput;
}): DetectionEvaluation {
  const tallies = { detective: [] as DetectionMetrics[], "scripted-crewmate": [] as DetectionMetrics[] };
  let crewWins = 0;
  let staticBaseline = 0;
  for (const seed of options.seeds) {
    const names: string[] = [];
    let crew = 0;
    const { events } = playLocally(socialgridModule, {
      config: options.config ?? {},
      seed,
      botFor(seat, role) {
        names[seat] =
          role === "impostor" ? "scripted-impostor" : crew++ < options.detectives ? "detective" : "scripted-crewmate";
        return socialgridModule.bots[names[seat]].create(0);
      },
    });
    const metrics = episodeMetrics(events as SocialGridEvent[]);
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
