import type { VoteEvent } from "../events";
import type { EpisodeIndex } from "./episodeIndex";

export const REASONING_CLASSES = ["strongEvidence", "evidenceScarcity", "weakHeuristics", "other"] as const;
export type ReasoningClass = (typeof REASONING_CLASSES)[number];

/**
 * App. E cue patterns (from the paper's examples and Tables 4–5). A class matches when any of its
 * patterns matches; classes are tried in REASONING_CLASSES order (strong evidence first, since
 * "votes with strong evidence are excluded from failure modes"), the first match wins.
 */
export interface ReasoningPatterns {
  strongEvidence: RegExp[];
  evidenceScarcity: RegExp[];
  weakHeuristics: RegExp[];
  /** A strong-evidence cue preceded by one of these in its sentence does not count ("no one was killed"). */
  negation: RegExp;
}

export const DEFAULT_REASONING_PATTERNS: ReasoningPatterns = {
  strongEvidence: [/\bkill(s|ed|ing|er)?\b/i, /\bsaw\b/i, /\bwitness/i, /\bvent(s|ed|ing)?\b/i],
  evidenceScarcity: [/arbitrar/i, /\b(equal|tied)\b[^.!?]*\btrust/i, /\bno\b[^.!?]*\bevidence/i, /\brandom(ly)?\b/i],
  weakHeuristics: [/stationary/i, /\bloop/i, /oscillat/i, /erratic/i, /\bnear\b[^.!?]*\bbody/i, /movement pattern/i],
  negation: /\b(no|not|never|without|nobody|nothing|none)\b|n't\b/i,
};

export interface ReasoningConfig {
  patterns: ReasoningPatterns;
  /** Trust at or above which a score counts as high (over-trust, impostor protection): 0.7. */
  highTrust: number;
}

export const DEFAULT_REASONING_CONFIG: ReasoningConfig = { patterns: DEFAULT_REASONING_PATTERNS, highTrust: 0.7 };

function hasUnnegatedCue(text: string, cue: RegExp, negation: RegExp): boolean {
  const global = new RegExp(cue.source, cue.flags.includes("g") ? cue.flags : `${cue.flags}g`);
  for (const match of text.matchAll(global)) {
    const sentenceStart = Math.max(...[".", "!", "?", ";", "\n"].map((c) => text.lastIndexOf(c, match.index))) + 1;
    if (!negation.test(text.slice(sentenceStart, match.index))) return true;
  }
  return false;
}

export function classifyReasoning(
  thought: string,
  patterns: ReasoningPatterns = DEFAULT_REASONING_PATTERNS,
): ReasoningClass {
  if (patterns.strongEvidence.some((cue) => hasUnnegatedCue(thought, cue, patterns.negation))) return "strongEvidence";
  if (patterns.evidenceScarcity.some((cue) => cue.test(thought))) return "evidenceScarcity";
  if (patterns.weakHeuristics.some((cue) => cue.test(thought))) return "weakHeuristics";
  return "other";
}

export interface VoteTally {
  votes: number;
  /** Votes that targeted an impostor. */
  correct: number;
  accuracy: number | null;
}

export interface CrewReasoning {
  role: "crewmate";
  /** Non-skip votes by reasoning class. */
  classes: Record<ReasoningClass, VoteTally>;
  /** Non-skip votes that gave trust ≥ highTrust to at least one impostor. */
  overTrust: VoteTally;
  total: VoteTally;
}

export interface ImpostorVoteClasses {
  role: "impostor";
  /** Non-skip votes. */
  votes: number;
  /** Voted a crewmate while trusting a fellow impostor ≥ highTrust. */
  misdirection: number;
  /** Voted a crewmate without such protection (also when no fellow impostor was rated). */
  framed: number;
  votedTeammate: number;
}

const tally = (votes: number, correct: number): VoteTally => ({
  votes,
  correct,
  accuracy: votes > 0 ? correct / votes : null,
});

function votesOf(index: EpisodeIndex, seat: number): Array<VoteEvent & { vote: number }> {
  return index.rounds.flatMap((r) =>
    r.votes.filter((v): v is VoteEvent & { vote: number } => v.seat === seat && v.vote !== "skip"),
  );
}

const highTrustInImpostor = (index: EpisodeIndex, vote: VoteEvent, highTrust: number): boolean =>
  Object.entries(vote.trust).some(
    ([key, value]) => Number(key) !== vote.seat && index.roles[Number(key)] === "impostor" && value >= highTrust,
  );

export function voteReasoning(
  index: EpisodeIndex,
  seat: number,
  config: ReasoningConfig = DEFAULT_REASONING_CONFIG,
): CrewReasoning | ImpostorVoteClasses {
  const votes = votesOf(index, seat);
  const isImpostor = (target: number) => index.roles[target] === "impostor";

  if (index.roles[seat] === "impostor") {
    let misdirection = 0;
    let votedTeammate = 0;
    for (const vote of votes) {
      if (isImpostor(vote.vote)) votedTeammate++;
      else if (highTrustInImpostor(index, vote, config.highTrust)) misdirection++;
    }
    return {
      role: "impostor",
      votes: votes.length,
      misdirection,
      framed: votes.length - misdirection - votedTeammate,
      votedTeammate,
    };
  }

  const counts = Object.fromEntries(REASONING_CLASSES.map((c) => [c, { votes: 0, correct: 0 }])) as Record<
    ReasoningClass,
    { votes: number; correct: number }
  >;
  const overTrust = { votes: 0, correct: 0 };
  let correct = 0;
  for (const vote of votes) {
    const hit = isImpostor(vote.vote) ? 1 : 0;
    correct += hit;
    const c = counts[classifyReasoning(vote.thought, config.patterns)];
    c.votes++;
    c.correct += hit;
    if (highTrustInImpostor(index, vote, config.highTrust)) {
      overTrust.votes++;
      overTrust.correct += hit;
    }
  }
  return {
    role: "crewmate",
    classes: Object.fromEntries(REASONING_CLASSES.map((c) => [c, tally(counts[c].votes, counts[c].correct)])) as Record<
      ReasoningClass,
      VoteTally
    >,
    overTrust: tally(overTrust.votes, overTrust.correct),
    total: tally(votes.length, correct),
  };
}
