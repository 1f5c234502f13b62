import { pendingDecisions, validTargets, type DecisionKind } from "./decisions";
import { teamOf, type Phase, type Role, type Team } from "./events";
import { playerName, visibleTo, type Message } from "./messages";
import { publiclyAlive, type GameResult, type PlayerState, type SecretMafiaState } from "./state";

export interface SecretMafiaPlayerView {
  game: "secret-mafia";
  seat: number;
  name: string;
  role: Role;
  team: Team;
  /** Fellow Mafia (Mafia only). */
  teammates: number[];
  alive: boolean;
  day: number;
  phase: Phase | "over";
  discussionRounds: number;
  /** Alive as this player knows it: tonight's eliminations for invalid moves stay hidden until daybreak. */
  players: Array<{ seat: number; name: string; alive: boolean }>;
  /** This player's move now: its kind and, for targeted moves, the valid seats. */
  pending: { kind: DecisionKind; validTargets: number[]; warned: boolean } | null;
  /** Every observation addressed to this player (or to everyone), in order: what a TextArena agent reads. */
  history: Message[];
  result: { winner: Team; reason: string } | null;
}

export function playerView(state: SecretMafiaState, seat: number): SecretMafiaPlayerView {
  const me = state.players[seat];
  const isMafia = me.role === "Mafia";
  const teammates = isMafia
    ? state.players.filter((p) => p.role === "Mafia" && p.seat !== seat).map((p) => p.seat)
    : [];
  const known = publiclyAlive(state);
  const pending = pendingDecisions(state).find((p) => p.seat === seat);
  return {
    game: "secret-mafia",
    seat,
    name: playerName(seat),
    role: me.role,
    team: teamOf(me.role),
    teammates,
    alive: me.alive,
    day: state.day,
    phase: state.phase,
    discussionRounds: state.config.discussionRounds,
    players: state.players.map((p) => ({
      seat: p.seat,
      name: playerName(p.seat),
      alive: p.seat === seat || teammates.includes(p.seat) ? p.alive : known.includes(p.seat),
    })),
    pending: pending
      ? { kind: pending.kind, validTargets: validTargets(state, seat), warned: state.invalidStreak > 0 }
      : null,
    history: state.messages.filter((m) => visibleTo(m, seat)),
    result: state.result ? { winner: state.result.winner, reason: state.result.reason } : null,
  };
}

/** The god view: roles, whose turn it is and who follows, running votes, the pending kill, every message. */
export interface SecretMafiaSpectatorView {
  game: "secret-mafia";
  day: number;
  phase: Phase | "over";
  players: PlayerState[];
  mafia: number[];
  current: number | null;
  queue: number[];
  pending: Array<{ seat: number; kind: DecisionKind }>;
  votes: Record<string, number>;
  pendingKill: number | null;
  invalidStreak: number;
  turn: number;
  messages: Message[];
  result: GameResult | null;
}

export function spectatorView(state: SecretMafiaState): SecretMafiaSpectatorView {
  return {
    game: "secret-mafia",
    day: state.day,
    phase: state.phase,
    players: state.players,
    mafia: state.players.filter((p) => p.role === "Mafia").map((p) => p.seat),
    current: state.current,
    queue: state.queue,
    pending: pendingDecisions(state),
    votes: state.votes,
    pendingKill: state.pendingKill,
    invalidStreak: state.invalidStreak,
    turn: state.turn,
    messages: state.messages,
    result: state.result,
  };
}
