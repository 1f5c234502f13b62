/** Secret Mafia in the arena: seat bridge, per-seat redaction, outcome metrics, winners. */
import type { GameEvent } from "@/engine/core/game";
import {
  playerName,
  renderPrompt,
  secretMafia,
  secretMafiaMetrics,
  visibleTo,
  type GameResult,
  type SecretMafiaConfig,
  type SecretMafiaEvent,
  type SecretMafiaPlayerView,
  type SecretMafiaState,
} from "@/engine/games/secret-mafia";
import { talkSeatBridge } from "./talk-bridge";
import { eventwiseView, HIDDEN_EVENT, reduced, type ArenaGame } from "./types";

const isNight = (phase: string) => phase.startsWith("night");

/**
 * What the player in `seat` may know of an event: messages addressed to them, their own role (and the
 * Mafia's, for a Mafia member), their own night actions, and no roles in the final event. A night event
 * alone does not tell whether `seat` is Mafia, so night votes show to the voter only.
 */
export function redactSecretMafiaEvent(event: GameEvent, seat: number): GameEvent {
  const e = event as SecretMafiaEvent;
  switch (e.type) {
    case "game_start": {
      const mafia = e.players[seat]?.role === "Mafia";
      const known = (p: (typeof e.players)[number]) => p.seat === seat || (mafia && p.role === "Mafia");
      return reduced({ ...e, players: e.players.map((p) => (known(p) ? p : { seat: p.seat, role: null })) });
    }
    case "message":
      return visibleTo(e.message, seat) ? e : HIDDEN_EVENT;
    case "phase_start":
      return !isNight(e.phase) || e.order.includes(seat) ? e : reduced({ ...e, order: [] });
    case "night_vote":
    case "protect":
    case "investigate":
      return e.seat === seat ? e : HIDDEN_EVENT;
    case "night_target":
      return HIDDEN_EVENT;
    case "invalid_move":
      return !isNight(e.phase) || e.seat === seat ? e : HIDDEN_EVENT;
    case "elimination":
      // The village learns of a night elimination for invalid moves at daybreak, from a message.
      return e.cause === "invalid_moves" && isNight(e.phase) && e.seat !== seat ? HIDDEN_EVENT : e;
    case "game_end":
      return { type: e.type, day: e.day, winner: e.winner, reason: e.reason } as GameEvent;
    default:
      return e;
  }
}

export const secretMafiaArena: ArenaGame<SecretMafiaConfig, SecretMafiaState> = {
  definition: secretMafia,
  seats: (config) => config.players,
  role: (state, seat) => state.players[seat].role,
  bridge: talkSeatBridge<SecretMafiaState, SecretMafiaPlayerView>({
    definition: secretMafia,
    role: (view) => view.role,
    render: renderPrompt,
    choices: (view) => (view.pending?.validTargets ?? []).map(playerName),
  }),
  seatView: eventwiseView(redactSecretMafiaEvent),
  metrics: (events) => secretMafiaMetrics(events as SecretMafiaEvent[]),
  winners(result, roles) {
    const winner = (result as GameResult | null)?.winner;
    if (!winner) return [];
    return roles.flatMap((role, seat) => ((role === "Mafia") === (winner === "Mafia") ? [seat] : []));
  },
};
