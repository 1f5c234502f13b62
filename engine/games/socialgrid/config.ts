import { z } from "zod";

const count = (max: number) => z.number().int().min(0).max(max);

/** App. I reward table (Table 9); every value is configurable. */
export const rewardTableSchema = z.object({
  taskToggle: z.number().default(0.2),
  commonTaskDone: z.number().default(1),
  shortTaskDone: z.number().default(2),
  longTaskDone: z.number().default(3),
  kill: z.number().default(6),
  killed: z.number().default(-6),
  stepCrew: z.number().default(-0.001),
  stepImpostor: z.number().default(-0.005),
  voteImpostor: z.number().default(3),
  voteCrew: z.number().default(-2),
  skipVote: z.number().default(0.05),
  ejectedImpostor: z.number().default(-3),
  ejectedCrew: z.number().default(-2),
  crewEjectedImpostorBonus: z.number().default(2),
  win: z.number().default(10),
  loss: z.number().default(-10),
});

export const socialGridConfigSchema = z
  .object({
    /** Room side in tiles, walls included; neighbouring rooms share a wall (2×2 rooms of 10 → 19×19). */
    roomSize: z.number().int().min(5).max(40).default(10),
    layout: z
      .object({ rows: z.number().int().min(1).max(9).default(2), cols: z.number().int().min(1).max(9).default(2) })
      .prefault({}),
    players: z.number().int().min(1).max(20).default(7),
    impostors: count(19).default(2),
    /** "fov": a (2r+1)² occluded patch around the player; "global": the whole map, unoccluded. */
    observation: z.enum(["fov", "global"]).default("fov"),
    fovRadius: z.number().int().min(1).max(12).default(4),
    maxSteps: z.number().int().min(1).max(1_000_000).default(2500),
    /** Scheduled vote after every `voteEvery` env steps; 0 disables scheduled votes. */
    voteEvery: z.number().int().min(0).default(200),
    killCooldown: z.number().int().min(0).default(25),
    emergencyMeetings: z.number().int().min(0).default(2),
    /** Statement turns before each vote (0 = the paper's silent vote). */
    discussionRounds: z.number().int().min(0).max(10).default(0),
    /** Macro mode: a decision may queue up to `maxMacroActions` actions. */
    macroMode: z.boolean().default(false),
    maxMacroActions: z.number().int().min(1).max(50).default(5),
    revealOnEject: z.boolean().default(false),
    taskToggles: z
      .object({
        common: z.number().int().min(1).default(3),
        short: z.number().int().min(1).default(8),
        long: z.number().int().min(1).default(13),
      })
      .prefault({}),
    tasksPerCrewmate: z
      .object({ common: count(5).default(1), short: count(5).default(1), long: count(5).default(1) })
      .prefault({}),
    oracle: z.enum(["high", "mid", "low"]).default("high"),
    rewards: rewardTableSchema.prefault({}),
  })
  .superRefine((c, ctx) => {
    if (c.impostors >= c.players) {
      ctx.addIssue({ code: "custom", path: ["impostors"], message: "impostors must be fewer than players" });
    }
    const perPlayer = c.tasksPerCrewmate;
    if (perPlayer.common + perPlayer.short + perPlayer.long === 0) {
      ctx.addIssue({ code: "custom", path: ["tasksPerCrewmate"], message: "each crewmate needs at least one task" });
    }
    const inner = c.roomSize - 2;
    const floor = inner * inner * c.layout.rows * c.layout.cols;
    const objects = perPlayer.common + c.players * (perPlayer.short + perPlayer.long) + 1;
    if ((objects + c.players) * 2 > floor) {
      ctx.addIssue({
        code: "custom",
        path: ["roomSize"],
        message:
          `map too small: ${objects} task stations/button and ${c.players} spawns need about ` +
          `${2 * (objects + c.players)} floor tiles, the map has ${floor}`,
      });
    }
  });

export type SocialGridConfig = z.output<typeof socialGridConfigSchema>;
export type SocialGridConfigInput = z.input<typeof socialGridConfigSchema>;
export type RewardTable = z.output<typeof rewardTableSchema>;
