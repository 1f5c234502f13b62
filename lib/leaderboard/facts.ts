/**
 * What ratings need of one finished episode, extracted once when it finishes and stored as
 * EpisodeOutcome.facts: who sat where in which role, who won, SocialGrid's per-agent metrics of the
 * episode, and per-agent decision tallies from the runtime's `decisions` events.
 */
import { aggregateByAgent, type AgentRoleAggregate, type EpisodeMetrics } from "@/engine/metrics";
import type { SecretMafiaMetrics } from "@/engine/games/secret-mafia";
import type { DecisionsEvent } from "@/lib/arena/events";
import type { ArenaGame } from "@/lib/arena/games/types";

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
  /** SocialGrid: the crew side's pooled non-skip votes (for the detection heatmap). */
  crewDetection: { correct: number; votes: number } | null;
  /** SocialGrid metrics of this episode per agent and role (aggregateByAgent). */
  aggregates: AgentRoleAggregate[];
  decisions: Array<{ agent: string; role: string } & DecisionTally>;
  /**
   * Secret Mafia, per agent and role: seats held, seats that survived, moves and invalid moves (a game rule,
   * not a protocol failure). Shown beside the rating: team rewards also count members eliminated for
   * invalid moves (the "error-survival confound"). Absent for other games and older facts.
   */
  survival?: Array<{ agent: string; role: string } & SurvivalTally>;
}

export interface SurvivalTally {
  seats: number;
  survived: number;
  moves: number;
  invalidMoves: number;
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

const isSecretMafiaMetrics = (m: unknown): m is Pick<SecretMafiaMetrics, "players"> =>
  typeof m === "object" &&
  m !== null &&
  Array.isArray((m as SecretMafiaMetrics).players) &&
  typeof (m as SecretMafiaMetrics).byRole === "object";

function survivalTallies(
  metrics: Pick<SecretMafiaMetrics, "players">,
  seats: OutcomeFacts["seats"],
): NonNullable<OutcomeFacts["survival"]> {
  const byKey = new Map<string, { agent: string; role: string } & SurvivalTally>();
  for (const p of metrics.players) {
    const seat = seats[p.seat];
    if (!seat) continue;
    const key = `${seat.agent}\u0000${seat.role}`;
    let tally = byKey.get(key);
    if (!tally)
      byKey.set(
        key,
        (tally = { agent: seat.agent, role: seat.role, seats: 0, survived: 0, moves: 0, invalidMoves: 0 }),
      );
    tally.seats++;
    if (p.survived) tally.survived++;
    tally.moves += p.moves;
    tally.invalidMoves += p.invalidMoves;
  }
  return [...byKey.values()];
}

const isSocialGridMetrics = (m: unknown): m is EpisodeMetrics =>
  typeof m === "object" &&
  m !== null &&
  Array.isArray((m as EpisodeMetrics).seats) &&
  typeof (m as EpisodeMetrics).episode === "object";

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

export function outcomeFacts(game: ArenaGame, episode: FinishedEpisode): OutcomeFacts {
  const seats: OutcomeFacts["seats"] = [];
  for (const p of [...episode.participants].sort((a, b) => a.seat - b.seat))
    seats[p.seat] = { agent: p.agentId, role: p.role ?? "player" };
  const winners = game.winners(
    episode.result,
    seats.map((s) => s.role),
  );
  const metrics = isSocialGridMetrics(episode.metrics) ? episode.metrics : null;
  const seatAgents = Object.fromEntries(seats.map((s, seat) => [seat, s.agent]));

  const tallies = new Map<string, { agent: string; role: string } & DecisionTally>();
  for (const [seatIndex, seatTally] of episode.seatDecisions) {
    const seat = seats[seatIndex];
    if (!seat) continue;
    const key = `${seat.agent}\u0000${seat.role}`;
    const tally = tallies.get(key);
    if (tally) addTally(tally, seatTally);
    else tallies.set(key, { agent: seat.agent, role: seat.role, ...seatTally });
  }

  return {
    seats,
    winners,
    crewDetection: metrics?.episode.crewDetection ?? null,
    aggregates: metrics ? aggregateByAgent([{ metrics, seatAgents }]) : [],
    decisions: [...tallies.values()],
    ...(isSecretMafiaMetrics(episode.metrics) && { survival: survivalTallies(episode.metrics, seats) }),
  };
}
