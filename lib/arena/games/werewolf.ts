/** Werewolf (WOLF) in the arena: seat bridge, per-seat redaction, deception metrics, winners. */
import type { GameEvent } from "@/engine/core/game";
import {
  renderPrompt,
  werewolf,
  werewolfMetrics,
  type GameResult,
  type WerewolfConfig,
  type WerewolfEvent,
  type WerewolfPlayerView,
  type WerewolfState,
} from "@/engine/games/werewolf";
import { talkSeatBridge } from "./talk-bridge";
import { eventwiseView, HIDDEN_EVENT, reduced, type ArenaGame } from "./types";

/**
 * What the player in `seat` may know of an event: roles only their own (and the pack's, for a wolf), night
 * actions only their own, bids and analyses only their own, no roles in the final event.
 */
export function redactWerewolfEvent(event: GameEvent, seat: number): GameEvent {
  const e = event as WerewolfEvent;
  switch (e.type) {
    case "game_start": {
      const wolf = e.players[seat]?.role === "Werewolf";
      const known = (p: (typeof e.players)[number]) => p.seat === seat || (wolf && p.role === "Werewolf");
      return reduced({
        ...e,
        players: e.players.map((p) => (known(p) ? p : { seat: p.seat, name: p.name, role: null })),
      });
    }
    case "night_start":
      return e.wolfOrder.includes(seat) ? e : reduced({ ...e, wolfOrder: [] });
    // An event alone does not tell whether `seat` is a wolf, so a proposal shows to its proposer only.
    case "wolf_proposal":
    case "protect":
    case "unmask":
      return e.seat === seat ? e : HIDDEN_EVENT;
    case "night_end":
      return { type: e.type, round: e.round, killed: e.killed } as GameEvent;
    case "bids":
      return reduced({
        ...e,
        bids: String(seat) in e.bids ? { [seat]: e.bids[seat] } : {},
        topBidders: [],
        mentioned: [],
      });
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

const WINNING_ROLES = { werewolves: ["Werewolf"], villagers: ["Seer", "Doctor", "Villager"] } as const;

export const werewolfArena: ArenaGame<WerewolfConfig, WerewolfState> = {
  definition: werewolf,
  seats: (config) => config.werewolves + config.seer + config.doctor + config.villagers,
  role: (state, seat) => state.players[seat].role,
  bridge: talkSeatBridge<WerewolfState, WerewolfPlayerView>({
    definition: werewolf,
    role: (view) => view.role,
    render: renderPrompt,
    choices: (view) => (view.pending?.options ?? []).map((seat) => view.players[seat].name),
  }),
  seatView: eventwiseView(redactWerewolfEvent),
  metrics: (events) => werewolfMetrics(events as WerewolfEvent[]),
  winners(result, roles) {
    const winner = (result as GameResult | null)?.winner;
    const winning: readonly string[] = winner ? WINNING_ROLES[winner] : [];
    return roles.flatMap((role, seat) => (winning.includes(role) ? [seat] : []));
  },
};
