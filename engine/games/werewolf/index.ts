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
  id: "werewolf",
  title: "Werewolf (WOLF)",
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

export * from "./config";
export * from "./decisions";
export * from "./events";
export * from "./metrics";
export * from "./prompts";
export type * from "./state";
export * from "./view";
