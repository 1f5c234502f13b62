export { werewolf } from "./definition";
export { werewolfModule } from "./module";
export * from "./config";
export * from "./decisions";
export * from "./events";
export * from "./metrics";
export * from "./prompts";
export type * from "./state";
export * from "./view";
