import type { StatementDecision, VoteDecision } from "./decisions";
import type { SocialGridEvent, VoteEvent, VoteResultEvent } from "./events";
import { addNote } from "./memory";
import { checkOutcome, finishGame } from "./outcome";
import type { Meeting, SocialGridState, Statement } from "./state";

export const MAX_STATEMENT_CHARS = 2000;

/** One discussion turn: every live player's statement, visible to all, in seat order. */
export function applyStatements(
  state: SocialGridState,
  decide: (seat: number) => StatementDecision,
): { state: SocialGridState; events: SocialGridEvent[] } {
  if (state.phase.kind !== "discussion") throw new Error("applyStatements outside a discussion");
  const { meeting, turn } = state.phase;
  const said: Statement[] = state.players
    .filter((p) => p.alive)
    .map((p) => ({ turn, seat: p.seat, text: decide(p.seat).text.slice(0, MAX_STATEMENT_CHARS) }));
  const events: SocialGridEvent[] = said.map((s) => ({ type: "statement", t: state.t, round: meeting.round, ...s }));
  const next: Meeting = { ...meeting, statements: [...meeting.statements, ...said] };
  const phase: SocialGridState["phase"] =
    turn < state.config.discussionRounds
      ? { kind: "discussion", meeting: next, turn: turn + 1 }
      : { kind: "vote", meeting: next };
  return { state: { ...state, phase }, events };
}

/**
 * Collects every live player's vote and trust scores, repairs invalid ones (invalid target → skip; missing
 * trust → 0.5, both flagged), tallies, ejects, pays the App. I voting rewards, clears corpses, resets kill
 * cooldowns and either ends the game or returns to the task phase.
 */
export function applyVotes(
  state: SocialGridState,
  decide: (seat: number) => VoteDecision,
): { state: SocialGridState; events: SocialGridEvent[] } {
  if (state.phase.kind !== "vote") throw new Error("applyVotes outside a vote");
  const { meeting } = state.phase;
  const { config } = state;
  const R = config.rewards;
  const alive = state.players.filter((p) => p.alive).map((p) => p.seat);
  const events: SocialGridEvent[] = [];
  const rewards = state.players.map(() => 0);
  const tally: Record<string, number> = {};
  for (const seat of alive) tally[String(seat)] = 0;
  tally.skip = 0;

  for (const seat of alive) {
    const event = repairVote(state.t, meeting.round, seat, decide(seat), alive);
    events.push(event);
    if (event.vote === "skip") {
      tally.skip++;
      rewards[seat] += R.skipVote;
    } else {
      tally[String(event.vote)]++;
      if (state.players[seat].role === "crewmate") {
        rewards[seat] += state.players[event.vote].role === "impostor" ? R.voteImpostor : R.voteCrew;
      }
    }
  }

  const ejected = ejectedBy(tally, alive);
  let players = state.players;
  if (ejected !== null) {
    players = players.map((p) =>
      p.seat === ejected ? { ...p, alive: false, fate: "ejected" as const, queue: [] } : p,
    );
    if (players[ejected].role === "impostor") rewards[ejected] += R.ejectedImpostor;
    else {
      rewards[ejected] += R.ejectedCrew;
      for (const p of players) if (p.alive && p.role === "impostor") rewards[p.seat] += R.crewEjectedImpostorBonus;
    }
  }
  const result: VoteResultEvent = { type: "vote_result", t: state.t, round: meeting.round, tally, ejected, rewards };
  if (ejected !== null && config.revealOnEject) result.ejectedRole = players[ejected].role;
  events.push(result);

  const summary = publicSummary(meeting, events, result);
  players = players.map((p) =>
    p.alive
      ? { ...p, killCooldown: p.role === "impostor" ? config.killCooldown : 0, memory: addNote(p.memory, summary) }
      : p,
  );
  const returns = state.returns.map((r, i) => r + rewards[i]);
  const next: SocialGridState = { ...state, players, returns, corpses: [], phase: { kind: "task" } };
  const outcome = checkOutcome(players, state.info);
  if (outcome) {
    const end = finishGame(next, outcome);
    events.push(end.event);
    return { state: end.state, events };
  }
  return { state: next, events };
}

function repairVote(
  t: number,
  round: number,
  seat: number,
  decision: VoteDecision,
  alive: readonly number[],
): VoteEvent {
  const flags: NonNullable<VoteEvent["flags"]> = {};
  let vote: number | "skip" = decision.vote;
  if (decision.invalidTarget !== undefined) flags.invalidTarget = decision.invalidTarget;
  if (vote !== "skip" && (vote === seat || !alive.includes(vote))) {
    flags.invalidTarget = `Player_${vote}`;
    vote = "skip";
  }
  const trust: Record<string, number> = {};
  const missing: number[] = [];
  for (const other of alive) {
    if (other === seat) continue;
    const value = decision.trust[String(other)];
    if (typeof value === "number" && Number.isFinite(value)) trust[String(other)] = Math.min(1, Math.max(0, value));
    else {
      trust[String(other)] = 0.5;
      missing.push(other);
    }
  }
  if (missing.length > 0) flags.missingTrust = missing;
  const event: VoteEvent = { type: "vote", t, round, seat, vote, trust, thought: decision.thought };
  if (flags.invalidTarget !== undefined || flags.missingTrust) event.flags = flags;
  return event;
}

/** Most votes is ejected; nobody if two players tie for the top or skip has at least as many votes. */
export function ejectedBy(tally: Record<string, number>, candidates: readonly number[]): number | null {
  let top = 0;
  let leaders: number[] = [];
  for (const seat of candidates) {
    const n = tally[String(seat)] ?? 0;
    if (n > top) {
      top = n;
      leaders = [seat];
    } else if (n === top && n > 0) leaders.push(seat);
  }
  if (top === 0 || leaders.length !== 1 || (tally.skip ?? 0) >= top) return null;
  return leaders[0];
}

/** Votes are public once tallied (as in Among Us without anonymous voting). */
function publicSummary(meeting: Meeting, events: SocialGridEvent[], result: VoteResultEvent): string {
  const votes = events
    .filter((e): e is VoteEvent => e.type === "vote")
    .map((e) => `Player_${e.seat}->${e.vote === "skip" ? "skip" : `Player_${e.vote}`}`)
    .join(", ");
  const outcome =
    result.ejected === null
      ? "nobody ejected"
      : `Player_${result.ejected} ejected${result.ejectedRole ? ` (was ${result.ejectedRole})` : ""}`;
  return `step=${result.t}: meeting ${meeting.round} votes: ${votes}; ${outcome}`;
}
