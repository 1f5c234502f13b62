/** Secret Mafia's rules as a pure game definition (module.ts adds everything else the arena needs). */
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
