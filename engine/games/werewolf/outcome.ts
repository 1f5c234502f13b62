import type { StepOutput } from "../../core/game";
import type { GameEndEvent, Team, WerewolfEvent, WinReason } from "./events";
import { livingSeats, livingWolves, type WerewolfState } from "./state";

/** Villagers win when no wolf is alive; wolves win once they are at least as many as the rest. */
export function winnerOf(state: WerewolfState): { winner: Team; reason: WinReason } | null {
  const wolves = livingWolves(state).length;
  const others = livingSeats(state).length - wolves;
  if (wolves === 0) return { winner: "villagers", reason: "no_wolves" };
  if (wolves >= others) return { winner: "werewolves", reason: "parity" };
  return null;
}

export function endGame(
  state: WerewolfState,
  winner: Team,
  reason: WinReason,
): StepOutput<WerewolfState, WerewolfEvent> {
  const rewards = state.players.map((p) => ((p.role === "Werewolf") === (winner === "werewolves") ? 1 : -1));
  const event: GameEndEvent = {
    type: "game_end",
    round: state.round,
    winner,
    reason,
    rewards,
    roles: state.players.map((p) => p.role),
  };
  return {
    state: { ...state, phase: { kind: "over" }, result: { winner, reason, round: state.round, rewards } },
    events: [event],
  };
}
