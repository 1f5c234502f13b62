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
  id: "socialgrid",
  title: "SocialGrid",
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

export * from "./config";
export * from "./decisions";
export * from "./events";
export {
  DX,
  DY,
  facingCode,
  manhattan,
  moveDirection,
  MOVE_ACTIONS,
  positionLabel,
  roomOf,
  turnResult,
  TURN_ACTIONS,
} from "./geometry";
export { generateMap, mapIndex, type GeneratedMap } from "./map";
export {
  ACTION_PREFERENCE,
  Navigator,
  navigatorFor,
  oracleReport,
  staticNavigator,
  UNREACHABLE,
  type NavHint,
  type OracleReport,
  type Pose,
  type PredictedOutcome,
} from "./oracle";
export { checkOutcome, taskCompletion } from "./outcome";
export * from "./prompts";
export { ejectedBy } from "./votePhase";
export type * from "./state";
export { allowedActions } from "./world";
export { asciiPatch, type AsciiPatch } from "./visibility";
export * from "./view";
