/**
 * Merges aggregateByAgent results of disjoint episode sets, so per-episode aggregates stored once add up to
 * what aggregateByAgent gives over all the episodes: means are weighted by their counts, tallies are summed.
 */
import type { AgentRoleAggregate, MeanStat, VoteTally } from "@/engine/metrics";

const mergeMean = (a: MeanStat, b: MeanStat): MeanStat => {
  const n = a.n + b.n;
  return { mean: n > 0 ? ((a.mean ?? 0) * a.n + (b.mean ?? 0) * b.n) / n : null, n };
};

const tally = (votes: number, correct: number): VoteTally => ({
  votes,
  correct,
  accuracy: votes > 0 ? correct / votes : null,
});

const mergeTally = (a: VoteTally, b: VoteTally): VoteTally => tally(a.votes + b.votes, a.correct + b.correct);

/** Fractions of steps, re-weighted by steps. */
const mergeFraction = (fa: number, sa: number, fb: number, sb: number) =>
  sa + sb > 0 ? (fa * sa + fb * sb) / (sa + sb) : 0;

export function mergeAggregates(a: AgentRoleAggregate, b: AgentRoleAggregate): AgentRoleAggregate {
  const episodes = a.episodes + b.episodes;
  const wins = a.wins + b.wins;
  const votes = a.detection.votes + b.detection.votes;
  const sa = a.failures.steps;
  const sb = b.failures.steps;
  return {
    agent: a.agent,
    role: a.role,
    episodes,
    seats: a.seats + b.seats,
    wins,
    winRate: episodes > 0 ? wins / episodes : 0,
    tp: mergeMean(a.tp, b.tp),
    psr: mergeMean(a.psr, b.psr),
    pp: mergeMean(a.pp, b.pp),
    brier: mergeMean(a.brier, b.brier),
    volatility: mergeMean(a.volatility, b.volatility),
    detection: {
      ...tally(votes, a.detection.correct + b.detection.correct),
      dynamicBaseline:
        votes > 0
          ? ((a.detection.dynamicBaseline ?? 0) * a.detection.votes +
              (b.detection.dynamicBaseline ?? 0) * b.detection.votes) /
            votes
          : null,
    },
    failures: {
      steps: sa + sb,
      fractions: Object.fromEntries(
        Object.keys(a.failures.fractions).map((mode) => {
          const m = mode as keyof typeof a.failures.fractions;
          return [m, mergeFraction(a.failures.fractions[m], sa, b.failures.fractions[m], sb)];
        }),
      ) as AgentRoleAggregate["failures"]["fractions"],
      stuckness: mergeFraction(a.failures.stuckness, sa, b.failures.stuckness, sb),
    },
    reasoning: Object.fromEntries(
      Object.keys(a.reasoning).map((c) => {
        const k = c as keyof AgentRoleAggregate["reasoning"];
        return [k, mergeTally(a.reasoning[k], b.reasoning[k])];
      }),
    ) as AgentRoleAggregate["reasoning"],
    impostorVotes: {
      votes: a.impostorVotes.votes + b.impostorVotes.votes,
      misdirection: a.impostorVotes.misdirection + b.impostorVotes.misdirection,
      framed: a.impostorVotes.framed + b.impostorVotes.framed,
      votedTeammate: a.impostorVotes.votedTeammate + b.impostorVotes.votedTeammate,
    },
  };
}
