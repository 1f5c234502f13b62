import type { GameDefinition } from "../../core/game";
import { secretMafiaConfigSchema, type SecretMafiaConfig } from "./config";
import {
  fallbackDecision,
  pendingDecisions,
  validateDecision,
  type DecisionKind,
  type SecretMafiaDecision,
} from "./decisions";
import type { SecretMafiaEvent } from "./events";
import { stepGame } from "./rules";
import { setupGame } from "./setup";
import type { GameResult, SecretMafiaState } from "./state";
import { playerView, spectatorView, type SecretMafiaPlayerView, type SecretMafiaSpectatorView } from "./view";

export const secretMafia: GameDefinition<
  SecretMafiaConfig,
  SecretMafiaState,
  SecretMafiaDecision,
  SecretMafiaEvent,
  SecretMafiaPlayerView,
  SecretMafiaSpectatorView,
  GameResult,
  DecisionKind
> = {
  id: "secret-mafia",
  title: "Secret Mafia",
  rulesetVersion: "1.0.0",
  configSchema: secretMafiaConfigSchema,
  setup: setupGame,
  pending: pendingDecisions,
  validateDecision,
  fallbackDecision,
  step: stepGame,
  playerView,
  spectatorView,
  isTerminal: (state) => state.phase === "over",
  result: (state) => state.result,
};

export * from "./config";
export * from "./decisions";
export * from "./events";
export * from "./messages";
export * from "./metrics";
export * from "./prompts";
export type * from "./state";
export * from "./view";
