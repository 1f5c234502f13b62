/**
 * Secret Mafia's board: the game as its event log tells it (day, phase, who is out and why, the roles the log
 * reveals). The viewer, the per-seat streams and the tests fold logs with it. It reads the god log and a
 * seat's view of it alike; in a seat's view a night elimination for invalid moves stays unknown until the
 * day's speaking order shows the player missing, as the village learns it at daybreak.
 */
import type { GameEvent } from "../../core/game";
import { type BoardReducer, HIDDEN_EVENT, type SeatView } from "../../core/module";
import type { EliminationCause, GameStartEvent, Phase, Role, SecretMafiaEvent, Team } from "./events";
import { visibleTo as messageVisibleTo } from "./messages";

export type MafiaBoardPhase = "setup" | "night" | "day" | "vote" | "over";
export type MafiaFate = "alive" | EliminationCause;

/** `game_start` as a seat's view gives it: the roles it does not know are null, and `pov` names the seat. */
export interface SeenGameStartEvent extends Omit<GameStartEvent, "players"> {
  players: Array<{ seat: number; role: Role | null }>;
  pov?: number;
}

export interface SecretMafiaBoard {
  start: SeenGameStartEvent | null;
  pov: number | null;
  day: number;
  phase: MafiaBoardPhase;
  fates: readonly MafiaFate[];
  roles: readonly (Role | null)[];
  /** Night eliminations for invalid moves the village has not been told of yet. */
  unannounced: readonly number[];
  winner: Team | null;
}

const EMPTY: SecretMafiaBoard = Object.freeze({
  start: null,
  pov: null,
  day: 0,
  phase: "setup",
  fates: [],
  roles: [],
  unannounced: [],
  winner: null,
});

export const isNight = (phase: Phase | string) => phase.startsWith("night");

const PHASES: Record<Phase, MafiaBoardPhase> = {
  night_mafia: "night",
  night_doctor: "night",
  night_detective: "night",
  day_discussion: "day",
  day_voting: "vote",
};

function apply(board: SecretMafiaBoard, raw: GameEvent): SecretMafiaBoard {
  const event = raw as SecretMafiaEvent;
  switch (event.type) {
    case "game_start": {
      const start = event as SeenGameStartEvent;
      return {
        ...EMPTY,
        start,
        pov: start.pov ?? null,
        fates: start.players.map(() => "alive"),
        roles: start.players.map((p) => p.role),
      };
    }
    case "phase_start": {
      if (isNight(event.phase)) return { ...board, day: event.day, phase: PHASES[event.phase] };
      // By day everyone alive speaks and votes: whoever is missing from the order is out (a seat's view learns
      // of a night elimination for invalid moves this way, as the village does at daybreak).
      const missing = (fate: MafiaFate, seat: number) => fate === "alive" && !event.order.includes(seat);
      const fates = board.fates.some(missing)
        ? board.fates.map((f, seat): MafiaFate => (missing(f, seat) ? "invalid_moves" : f))
        : board.fates;
      return { ...board, fates, unannounced: [], day: event.day, phase: PHASES[event.phase] };
    }
    case "elimination": {
      const hidden = event.cause === "invalid_moves" && isNight(event.phase);
      return {
        ...board,
        fates: board.fates.with(event.seat, event.cause),
        unannounced: hidden ? [...board.unannounced, event.seat] : board.unannounced,
      };
    }
    case "game_end":
      return { ...board, phase: "over", winner: event.winner };
    default:
      return board;
  }
}

export const secretMafiaBoard: BoardReducer<SecretMafiaBoard> = { empty: () => EMPTY, apply };

/** What a seat knows on a board of the god log: its fellow Mafia, and who is alive as far as it has been told. */
export interface MafiaSight {
  teammates: number[];
  alive: boolean[];
}

export function visibleTo(board: SecretMafiaBoard, seat: number): MafiaSight {
  const mafia = board.roles[seat] === "Mafia";
  const teammates = mafia ? board.roles.flatMap((r, s) => (r === "Mafia" && s !== seat ? [s] : [])) : [];
  return {
    teammates,
    alive: board.fates.map((fate, s) =>
      s === seat || teammates.includes(s) ? fate === "alive" : fate === "alive" || board.unannounced.includes(s),
    ),
  };
}

/**
 * What the player in `seat` may know of an event, given the roles dealt: messages addressed to them, their
 * own role (and the Mafia's, for a Mafia member), night moves only their own (every Mafia vote for a Mafia
 * member), and no roles in the final event.
 */
function redact(event: GameEvent, seat: number, board: SecretMafiaBoard): GameEvent {
  const e = event as SecretMafiaEvent;
  const mafia = board.roles[seat] === "Mafia";
  switch (e.type) {
    case "game_start": {
      const known = (p: (typeof e.players)[number]) => p.seat === seat || (mafia && p.role === "Mafia");
      const seen: SeenGameStartEvent = {
        ...e,
        pov: seat,
        players: e.players.map((p) => (known(p) ? p : { seat: p.seat, role: null })),
      };
      return seen;
    }
    case "message":
      return messageVisibleTo(e.message, seat) ? e : HIDDEN_EVENT;
    case "phase_start":
      return !isNight(e.phase) || e.order.includes(seat) ? e : ({ ...e, order: [] } as GameEvent);
    case "night_vote":
      return mafia ? e : HIDDEN_EVENT;
    case "protect":
    case "investigate":
      return e.seat === seat ? e : HIDDEN_EVENT;
    case "night_target":
      return HIDDEN_EVENT;
    case "invalid_move":
      return !isNight(e.phase) || e.seat === seat ? e : HIDDEN_EVENT;
    case "elimination": {
      // The village learns of a night elimination for invalid moves at daybreak; the offender's fellow Mafia at once.
      const told = e.seat === seat || (mafia && board.roles[e.seat] === "Mafia");
      return e.cause === "invalid_moves" && isNight(e.phase) && !told ? HIDDEN_EVENT : e;
    }
    case "game_end":
      return { type: e.type, day: e.day, winner: e.winner, reason: e.reason } as GameEvent;
    default:
      return e;
  }
}

/** A seat's view of the log, judged event by event against the god board (who the Mafia are). */
export function secretMafiaSeatView(seat: number): SeatView {
  let board = secretMafiaBoard.empty();
  return (events) =>
    events.map((event) => {
      board = secretMafiaBoard.apply(board, event);
      return redact(event, seat, board);
    });
}
