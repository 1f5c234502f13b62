/**
 * What ratings need of one finished episode, extracted once when it finishes and stored as
 * EpisodeOutcome.facts: who sat where in which role, who won, the game's per-agent figures of the episode
 * (its leaderboard spec), and per-agent decision tallies from the runtime's `decisions` events.
 */
import "server-only";
import { type AgentRoleCounts, type AnyGameModule, winningSeats } from "@/engine/core/module";
import type { DecisionsEvent } from "@/lib/arena/events";

export interface DecisionTally {
  decisions: number;
  /** Replies the game could not use: unparsable, off-schema, illegal or too large. */
  invalid: number;
  timeouts: number;
  /** Other failures: network, HTTP, configuration, internal. */
  errors: number;
  latencyMs: number;
  /** Decisions that reported token usage, and their input + output tokens. */
  tokenDecisions: number;
  tokens: number;
}

export interface OutcomeFacts {
  /** By seat. */
  seats: Array<{ agent: string; role: string }>;
  winners: number[];
  /** Games with two sides (SocialGrid): the crew side's pooled non-skip votes (the head-to-head detection matrix). */
  sideDetection: { correct: number; votes: number } | null;
  /** The game's additive figures per agent and role (its leaderboard columns read their sums). */
  counts: AgentRoleCounts[];
  decisions: Array<{ agent: string; role: string } & DecisionTally>;
}

/** An episode as the rating functions take it: facts plus identity and chronological order. */
export interface RatedEpisode extends OutcomeFacts {
  id: string;
  /** Finish time in ms. */
  order: number;
}

const TALLY_KEYS = ["decisions", "invalid", "timeouts", "errors", "latencyMs", "tokenDecisions", "tokens"] as const;

export const emptyTally = (): DecisionTally => ({
  decisions: 0,
  invalid: 0,
  timeouts: 0,
  errors: 0,
  latencyMs: 0,
  tokenDecisions: 0,
  tokens: 0,
});

export function addTally<T extends DecisionTally>(into: T, add: DecisionTally): T {
  for (const key of TALLY_KEYS) into[key] += add[key];
  return into;
}

export interface FinishedEpisode {
  participants: Array<{ seat: number; agentId: string; role: string | null }>;
  result: unknown;
  metrics: unknown;
  /** Decision tallies by seat (tallyDecisions over the `decisions` events, or the same summed by SQL). */
  seatDecisions: ReadonlyMap<number, DecisionTally>;
}

/** Per seat: decisions by status, latency and token usage, from the runtime's `decisions` events. */
export function tallyDecisions(events: readonly DecisionsEvent[]): Map<number, DecisionTally> {
  const bySeat = new Map<number, DecisionTally>();
  for (const event of events) {
    for (const [seatKey, meta] of Object.entries(event.seats)) {
      const seat = Number(seatKey);
      let tally = bySeat.get(seat);
      if (!tally) bySeat.set(seat, (tally = emptyTally()));
      tally.decisions++;
      if (meta.status === "invalid") tally.invalid++;
      else if (meta.status === "timeout") tally.timeouts++;
      else if (meta.status === "error") tally.errors++;
      tally.latencyMs += meta.latencyMs;
      if (meta.usage) {
        tally.tokenDecisions++;
        tally.tokens += meta.usage.inputTokens + meta.usage.outputTokens;
      }
    }
  }
  return bySeat;
}

export function outcomeFacts(game: AnyGameModule, episode: FinishedEpisode): OutcomeFacts {
  const seats: OutcomeFacts["seats"] = [];
  for (const p of [...episode.participants].sort((a, b) => a.seat - b.seat)) {
    seats[p.seat] = { agent: p.agentId, role: p.role ?? "player" };
  }
  const winners = winningSeats(
    game,
    episode.result,
    seats.map((s) => s.role),
  );
  const tallies = new Map<string, { agent: string; role: string } & DecisionTally>();
  for (const [seatIndex, seatTally] of episode.seatDecisions) {
    const seat = seats[seatIndex];
    if (!seat) continue;
    const key = `${seat.agent}\u0000${seat.role}`;
    const tally = tallies.get(key);
    if (tally) addTally(tally, seatTally);
    else tallies.set(key, { agent: seat.agent, role: seat.role, ...seatTally });
  }
  const spec = game.leaderboard;
  const metrics = episode.metrics ?? null;
  return {
    seats,
    winners,
    sideDetection: (spec?.sideDetection && metrics && spec.sideDetection(metrics)) || null,
    counts: spec && metrics ? spec.counts(metrics, seats) : [],
    decisions: [...tallies.values()],
  };
}
