/** Werewolf's rules as a pure game definition (module.ts adds everything else the arena needs). */
import type { GameDefinition } from "../../core/game";
import { werewolfConfigSchema, type WerewolfConfig } from "./config";
import {
  fallbackDecision,
  pendingDecisions,
  validateDecision,
  type DecisionKind,
  type WerewolfDecision,
} from "./decisions";
import type { WerewolfEvent } from "./events";
import { stepGame } from "./rules";
import { setupGame } from "./setup";
import type { GameResult, WerewolfState } from "./state";
import { playerView, spectatorView, type WerewolfPlayerView, type WerewolfSpectatorView } from "./view";

export const werewolf: GameDefinition<
  WerewolfConfig,
  WerewolfState,
  WerewolfDecision,
  WerewolfEvent,
  WerewolfPlayerView,
  WerewolfSpectatorView,
  GameResult,
  DecisionKind
> = {
  rulesetVersion: "1.0.0",
  configSchema: werewolfConfigSchema,
  setup: setupGame,
  pending: pendingDecisions,
  validateDecision,
  fallbackDecision,
  step: stepGame,
  playerView,
  spectatorView,
  isTerminal: (state) => state.phase.kind === "over",
  result: (state) => state.result,
};
