/** SocialGrid's rules as a pure game definition (the module, module.ts, adds everything else the arena needs). */
import type { GameDefinition } from "../../core/game";
import { socialGridConfigSchema, type SocialGridConfig } from "./config";
import {
  fallbackDecision,
  pendingDecisions,
  validateDecision,
  type DecisionKind,
  type SocialGridDecision,
} from "./decisions";
import type { SocialGridEvent } from "./events";
import { stepGame } from "./rules";
import { setupGame } from "./setup";
import type { GameResult, SocialGridState } from "./state";
import { playerView, spectatorView, type PlayerView, type SpectatorView } from "./view";

export const socialgrid: GameDefinition<
  SocialGridConfig,
  SocialGridState,
  SocialGridDecision,
  SocialGridEvent,
  PlayerView,
  SpectatorView,
  GameResult,
  DecisionKind
> = {
  rulesetVersion: "1.0.0",
  configSchema: socialGridConfigSchema,
  setup: setupGame,
  pending: pendingDecisions,
  validateDecision,
  fallbackDecision,
  step: stepGame,
  playerView,
  spectatorView: (state) => spectatorView(state, pendingDecisions(state)),
  isTerminal: (state) => state.phase.kind === "over",
  result: (state) => state.result,
};
