/**
 * Werewolf's board: the game as its event log tells it (round, phase, who is alive, the roles the log
 * reveals, the running suspicion matrix). The viewer, the per-seat streams and the tests fold logs with it.
 * It reads the god log and a seat's view of it alike: a seat's log tells only the roles that seat knows and
 * only its own row of the suspicion matrix (the others are null).
 */
import type { GameEvent } from "../../core/game";
import { type BoardReducer, HIDDEN_EVENT, type SeatView } from "../../core/module";
import type { WerewolfConfig } from "./config";
import type { GameStartEvent, Role, Team, WerewolfEvent } from "./events";

export type WerewolfPhase = "setup" | "night" | "day" | "vote" | "over";
export type WerewolfFate = "alive" | "killed" | "exiled";

/** `game_start` as a seat's view gives it: the roles it does not know are null, and `pov` names the seat. */
export interface SeenGameStartEvent extends Omit<GameStartEvent, "players"> {
  players: Array<{ seat: number; name: string; role: Role | null }>;
  pov?: number;
}

export interface WerewolfBoard {
  start: SeenGameStartEvent | null;
  pov: number | null;
  round: number;
  phase: WerewolfPhase;
  fates: readonly WerewolfFate[];
  /** Roles as the log reveals them (null where a seat's view does not know). */
  roles: readonly (Role | null)[];
  /** Whom each Seer unmasked, and the role learned. */
  unmasked: ReadonlyArray<{ seer: number; target: number; role: Role }>;
  /** suspicion[observer][target] after the latest analyses; a row is null where the log does not tell it. */
  suspicion: readonly (readonly number[] | null)[];
  winner: Team | null;
}

const EMPTY: WerewolfBoard = Object.freeze({
  start: null,
  pov: null,
  round: 0,
  phase: "setup",
  fates: [],
  roles: [],
  unmasked: [],
  suspicion: [],
  winner: null,
});

export const boardConfig = (board: WerewolfBoard): WerewolfConfig => board.start!.config;

const dies = (board: WerewolfBoard, seat: number | null, fate: WerewolfFate): WerewolfBoard =>
  seat === null ? board : { ...board, fates: board.fates.with(seat, fate) };

function apply(board: WerewolfBoard, raw: GameEvent): WerewolfBoard {
  const event = raw as WerewolfEvent;
  switch (event.type) {
    case "game_start": {
      const start = event as SeenGameStartEvent;
      const pov = start.pov ?? null;
      const n = start.players.length;
      const row = () => Array.from({ length: n }, () => start.config.initialSuspicion);
      return {
        ...EMPTY,
        start,
        pov,
        fates: start.players.map(() => "alive"),
        roles: start.players.map((p) => p.role),
        suspicion: start.players.map((p) => (pov === null || p.seat === pov ? row() : null)),
      };
    }
    case "night_start":
      return { ...board, round: event.round, phase: "night" };
    case "unmask":
      if (event.target === null || event.role === null) return board;
      return {
        ...board,
        roles: board.roles.with(event.target, event.role),
        unmasked: [...board.unmasked, { seer: event.seat, target: event.target, role: event.role }],
      };
    case "night_end":
      return dies(board, event.killed, "killed");
    case "day_start":
      return { ...board, phase: "day" };
    case "analyses": {
      let suspicion = board.suspicion;
      for (const [observer, score] of Object.entries(event.suspicion)) {
        const row = suspicion[Number(observer)];
        if (row) suspicion = suspicion.with(Number(observer), row.with(event.speaker, score));
      }
      return { ...board, suspicion };
    }
    case "vote_start":
      return { ...board, phase: "vote" };
    case "vote_result":
      return dies(board, event.exiled, "exiled");
    case "game_end":
      return { ...board, phase: "over", winner: event.winner };
    default:
      return board;
  }
}

export const werewolfBoard: BoardReducer<WerewolfBoard> = { empty: () => EMPTY, apply };

/** What a seat knows on a board of the god log: the roles it knows, who is alive, its own suspicion row. */
export interface WerewolfSight {
  roles: (Role | null)[];
  alive: boolean[];
  suspicion: readonly number[] | null;
}

export function visibleTo(board: WerewolfBoard, seat: number): WerewolfSight {
  const wolf = board.roles[seat] === "Werewolf";
  const found = new Map(board.unmasked.filter((u) => u.seer === seat).map((u) => [u.target, u.role]));
  return {
    roles: board.roles.map((role, other) =>
      other === seat || (wolf && role === "Werewolf") ? role : (found.get(other) ?? null),
    ),
    alive: board.fates.map((f) => f === "alive"),
    suspicion: board.suspicion[seat] ?? null,
  };
}

/**
 * What the player in `seat` may know of an event, given the roles dealt: roles only their own (and the
 * pack's, for a wolf), night actions only their own (the pack's proposals for a wolf), bids and analyses
 * only their own, no roles in the final event.
 */
function redact(event: GameEvent, seat: number, board: WerewolfBoard): GameEvent {
  const e = event as WerewolfEvent;
  const wolf = board.roles[seat] === "Werewolf";
  switch (e.type) {
    case "game_start": {
      const known = (p: (typeof e.players)[number]) => p.seat === seat || (wolf && p.role === "Werewolf");
      const seen: SeenGameStartEvent = {
        ...e,
        pov: seat,
        players: e.players.map((p) => (known(p) ? p : { seat: p.seat, name: p.name, role: null })),
      };
      return seen;
    }
    case "night_start":
      return wolf ? e : ({ ...e, wolfOrder: [] } as GameEvent);
    case "wolf_proposal":
      return wolf ? e : HIDDEN_EVENT;
    case "protect":
    case "unmask":
      return e.seat === seat ? e : HIDDEN_EVENT;
    case "night_end":
      return { type: e.type, round: e.round, killed: e.killed } as GameEvent;
    case "bids":
      return {
        ...e,
        bids: String(seat) in e.bids ? { [seat]: e.bids[seat] } : {},
        topBidders: [],
        mentioned: [],
      } as GameEvent;
    case "analyses": {
      const own = e.peers[seat];
      return {
        type: e.type,
        round: e.round,
        turn: e.turn,
        speaker: e.speaker,
        ...(e.speaker === seat && { self: e.self }),
        peers: own ? { [seat]: own } : {},
        suspicion: String(seat) in e.suspicion ? { [seat]: e.suspicion[seat] } : {},
      } as GameEvent;
    }
    case "game_end":
      return { type: e.type, round: e.round, winner: e.winner, reason: e.reason } as GameEvent;
    default:
      return e;
  }
}

/** A seat's view of the log, judged event by event against the god board (who the wolves are). */
export function werewolfSeatView(seat: number): SeatView {
  let board = werewolfBoard.empty();
  return (events) =>
    events.map((event) => {
      board = werewolfBoard.apply(board, event);
      return redact(event, seat, board);
    });
}
