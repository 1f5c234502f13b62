export { socialgrid } from "./definition";
export { socialgridModule } from "./module";
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
