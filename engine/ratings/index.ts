export * from "./bootstrapElo";
export * from "./headToHead";
export * from "./leagueElo";
export * from "./openSkill";
