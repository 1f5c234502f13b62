import type { StepOutput } from "../../core/game";
import { Rng } from "../../core/rng";
import type { SecretMafiaEvent } from "./events";
import { GAME, type Message, type ObservationType } from "./messages";
import type { SecretMafiaState } from "./state";

/**
 * One pure transition: a private working copy of the state (the input is never modified), the seeded RNG
 * opened on it, and the events emitted so far. `finish` stores the RNG state back.
 */
export class Transition {
  readonly s: SecretMafiaState;
  readonly rng: Rng;
  readonly events: SecretMafiaEvent[] = [];

  constructor(state: SecretMafiaState) {
    this.s = {
      ...state,
      players: state.players.map((p) => ({ ...p })),
      queue: [...state.queue],
      speakingOrder: [...state.speakingOrder],
      votes: { ...state.votes },
      unannounced: [...state.unannounced],
      messages: [...state.messages],
    };
    this.rng = Rng.from(state.rng);
  }

  emit(event: SecretMafiaEvent): void {
    this.events.push(event);
  }

  /** Adds an observation to the histories of `to` (−1: everyone). */
  send(to: Message["to"], text: string, observation: ObservationType = "game_message", from = GAME): void {
    const message: Message = { from, to, observation, text };
    this.s.messages.push(message);
    this.emit({ type: "message", message });
  }

  get over(): boolean {
    return this.s.phase === "over";
  }

  finish(): StepOutput<SecretMafiaState, SecretMafiaEvent> {
    this.s.rng = this.rng.state();
    return { state: this.s, events: this.events };
  }
}
