import type { GameEndEvent, PlayerInfo, Role, VoteReason, VoteStartEvent, WinReason } from "./events";
import { addNote } from "./memory";
import type { Meeting, PlayerState, SocialGridState } from "./state";

export interface Outcome {
  winner: "crew" | "impostors";
  reason: WinReason;
}

const tasksDone = (info: PlayerInfo, progress: readonly number[]) =>
  info.tasks.every((task, i) => task.fake || progress[i] >= task.required);

/**
 * The paper's win conditions, checked in this order: all crew dead; all impostors ejected (only when the
 * game had impostors); impostor parity; every surviving crewmate has finished all tasks.
 */
export function checkOutcome(players: readonly PlayerState[], info: readonly PlayerInfo[]): Outcome | null {
  let crew = 0;
  let impostors = 0;
  let allTasksDone = true;
  for (const p of players) {
    if (!p.alive) continue;
    if (p.role === "impostor") impostors++;
    else {
      crew++;
      if (allTasksDone && !tasksDone(info[p.seat], p.progress)) allTasksDone = false;
    }
  }
  const hadImpostors = info.some((i) => i.role === "impostor");
  if (crew === 0) return { winner: "impostors", reason: "all_crew_dead" };
  if (hadImpostors && impostors === 0) return { winner: "crew", reason: "all_impostors_ejected" };
  if (impostors > 0 && impostors >= crew) return { winner: "impostors", reason: "parity" };
  if (allTasksDone) return { winner: "crew", reason: "tasks_complete" };
  return null;
}

const side = (role: Role) => (role === "crewmate" ? "crew" : "impostors");

/** Ends the game: ±win/loss reward for every seat (dead or alive), returns, the result. */
export function finishGame(state: SocialGridState, outcome: Outcome): { state: SocialGridState; event: GameEndEvent } {
  const { win, loss } = state.config.rewards;
  const rewards = state.players.map((p) => (side(p.role) === outcome.winner ? win : loss));
  const returns = state.returns.map((r, i) => r + rewards[i]);
  const { winner, reason } = outcome;
  const event: GameEndEvent = { type: "game_end", t: state.t, winner, reason, rewards, returns };
  const result = { winner: outcome.winner, reason: outcome.reason, t: state.t, returns };
  const players = state.players.map((p) => (p.queue.length > 0 ? { ...p, queue: [] } : p));
  return { state: { ...state, players, returns, result, phase: { kind: "over" } }, event };
}

/** TC(t): completed crew tasks over all crew tasks (dead crewmates included). */
export function taskCompletion(state: Pick<SocialGridState, "info" | "players">): number {
  let done = 0;
  let total = 0;
  for (const info of state.info) {
    if (info.role !== "crewmate") continue;
    info.tasks.forEach((task, i) => {
      total++;
      if (state.players[info.seat].progress[i] >= task.required) done++;
    });
  }
  return total === 0 ? 0 : done / total;
}

/** Opens a voting phase: queues are dropped (macro actions are interrupted) and everyone alive is told why. */
export function startMeeting(
  state: SocialGridState,
  reason: VoteReason,
  caller?: number,
  body?: number,
): { state: SocialGridState; event: VoteStartEvent } {
  const round = state.voteRound + 1;
  const meeting: Meeting = { round, reason, statements: [] };
  if (caller !== undefined) meeting.caller = caller;
  if (body !== undefined) meeting.body = body;
  const why =
    reason === "report"
      ? `Player_${caller} reported the body of Player_${body}`
      : reason === "button"
        ? `Player_${caller} called an emergency meeting`
        : "scheduled meeting";
  const note = `step=${state.t}: meeting ${round} (${why})`;
  const players = state.players.map((p) =>
    p.alive ? { ...p, queue: p.queue.length > 0 ? [] : p.queue, memory: addNote(p.memory, note) } : p,
  );
  const event: VoteStartEvent = {
    type: "vote_start",
    t: state.t,
    round,
    reason,
    ...(caller !== undefined ? { caller } : {}),
    alive: players.filter((p) => p.alive).map((p) => p.seat),
    taskCompletion: taskCompletion(state),
  };
  const phase: SocialGridState["phase"] =
    state.config.discussionRounds > 0 ? { kind: "discussion", meeting, turn: 1 } : { kind: "vote", meeting };
  return { state: { ...state, players, phase, voteRound: round }, event };
}
