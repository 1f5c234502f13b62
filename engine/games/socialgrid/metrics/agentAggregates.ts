import type { Role } from "../events";
import type { EpisodeMetrics, SeatMetrics } from "./episodeMetrics";
import { FAILURE_MODES, type FailureMode } from "./failureDetectors";
import { REASONING_CLASSES, type ReasoningClass, type VoteTally } from "./voteReasoning";

export interface EpisodeWithAgents {
  metrics: EpisodeMetrics;
  /** Agent id per seat. */
  seatAgents: Readonly<Record<number, string>>;
}

export interface MeanStat {
  /** Mean of the per-seat values; null when no seat had one. */
  mean: number | null;
  /** Seats that contributed. */
  n: number;
}

/** One agent in one role, over every seat it occupied in the given episodes. */
export interface AgentRoleAggregate {
  agent: string;
  role: Role;
  episodes: number;
  seats: number;
  /** Episodes its side won. */
  wins: number;
  winRate: number;
  tp: MeanStat;
  psr: MeanStat;
  pp: MeanStat;
  brier: MeanStat;
  volatility: MeanStat;
  /** Pooled over the non-skip votes of all its crew seats. */
  detection: VoteTally & { dynamicBaseline: number | null };
  /** Pooled over all its steps. */
  failures: { steps: number; fractions: Record<FailureMode, number>; stuckness: number };
  /** Crewmate non-skip votes per reasoning class and over-trust (pooled). */
  reasoning: Record<ReasoningClass | "overTrust", VoteTally>;
  /** Impostor non-skip votes (pooled). */
  impostorVotes: { votes: number; misdirection: number; framed: number; votedTeammate: number };
}

const meanOf = (values: Array<number | null | undefined>): MeanStat => {
  const present = values.filter((v): v is number => v !== null && v !== undefined);
  return { mean: present.length ? present.reduce((a, b) => a + b, 0) / present.length : null, n: present.length };
};

const tally = (votes: number, correct: number): VoteTally => ({
  votes,
  correct,
  accuracy: votes > 0 ? correct / votes : null,
});

function aggregate(
  agent: string,
  role: Role,
  seats: SeatMetrics[],
  episodes: number,
  wins: number,
): AgentRoleAggregate {
  let votes = 0;
  let correct = 0;
  let baselineSum = 0;
  let steps = 0;
  let stuckSteps = 0;
  const flagged = Object.fromEntries(FAILURE_MODES.map((m) => [m, 0])) as Record<FailureMode, number>;
  const classCounts = Object.fromEntries([...REASONING_CLASSES, "overTrust"].map((c) => [c, [0, 0]])) as Record<
    ReasoningClass | "overTrust",
    [number, number]
  >;
  const impostorVotes = { votes: 0, misdirection: 0, framed: 0, votedTeammate: 0 };

  for (const s of seats) {
    if (s.detection) {
      votes += s.detection.nonSkipVotes;
      correct += s.detection.correct;
      baselineSum += (s.detection.dynamicBaseline ?? 0) * s.detection.nonSkipVotes;
    }
    steps += s.failures.steps;
    stuckSteps += s.failures.stuckSteps;
    for (const m of FAILURE_MODES) flagged[m] += s.failures.flaggedSteps[m];
    if (s.reasoning.role === "crewmate") {
      const r = s.reasoning;
      for (const c of REASONING_CLASSES) {
        classCounts[c][0] += r.classes[c].votes;
        classCounts[c][1] += r.classes[c].correct;
      }
      classCounts.overTrust[0] += r.overTrust.votes;
      classCounts.overTrust[1] += r.overTrust.correct;
    } else {
      impostorVotes.votes += s.reasoning.votes;
      impostorVotes.misdirection += s.reasoning.misdirection;
      impostorVotes.framed += s.reasoning.framed;
      impostorVotes.votedTeammate += s.reasoning.votedTeammate;
    }
  }

  return {
    agent,
    role,
    episodes,
    seats: seats.length,
    wins,
    winRate: episodes > 0 ? wins / episodes : 0,
    tp: meanOf(seats.map((s) => s.tasks?.tp)),
    psr: meanOf(seats.map((s) => s.tasks?.psr)),
    pp: meanOf(seats.map((s) => s.tasks?.pp)),
    brier: meanOf(seats.map((s) => s.trust.brier)),
    volatility: meanOf(seats.map((s) => s.trust.volatility)),
    detection: { ...tally(votes, correct), dynamicBaseline: votes > 0 ? baselineSum / votes : null },
    failures: {
      steps,
      fractions: Object.fromEntries(FAILURE_MODES.map((m) => [m, steps > 0 ? flagged[m] / steps : 0])) as Record<
        FailureMode,
        number
      >,
      stuckness: steps > 0 ? stuckSteps / steps : 0,
    },
    reasoning: Object.fromEntries(Object.entries(classCounts).map(([c, [v, k]]) => [c, tally(v, k)])) as Record<
      ReasoningClass | "overTrust",
      VoteTally
    >,
    impostorVotes,
  };
}

/**
 * Per agent and role across episodes: seat-level ratios (TP, PSR, PP, Brier, volatility) are
 * averaged over seats; counts (votes, steps) are pooled. Sorted by agent, then role.
 */
export function aggregateByAgent(episodes: readonly EpisodeWithAgents[]): AgentRoleAggregate[] {
  const groups = new Map<string, { agent: string; role: Role; seats: SeatMetrics[]; episodes: number; wins: number }>();
  for (const { metrics, seatAgents } of episodes) {
    const seen = new Set<string>();
    for (const s of metrics.seats) {
      if (!s) continue;
      const agent = seatAgents[s.seat];
      if (agent === undefined) continue;
      const key = JSON.stringify([agent, s.role]);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { agent, role: s.role, seats: [], episodes: 0, wins: 0 }));
      group.seats.push(s);
      if (seen.has(key)) continue;
      seen.add(key);
      group.episodes++;
      const won = metrics.episode.winner === (s.role === "crewmate" ? "crew" : "impostors");
      if (won) group.wins++;
    }
  }
  return [...groups.values()]
    .sort((a, b) => (a.agent === b.agent ? a.role.localeCompare(b.role) : a.agent < b.agent ? -1 : 1))
    .map((g) => aggregate(g.agent, g.role, g.seats, g.episodes, g.wins));
}
