import { z } from "zod";

/** WOLF's eight names first (seed 004's run), then more single-word names for larger tables. */
export const PLAYER_NAMES = [
  "Alice",
  "Bob",
  "Selena",
  "Raj",
  "Frank",
  "Joy",
  "Cyrus",
  "Emma",
  "Grace",
  "Hugo",
  "Ines",
  "Kenji",
  "Lena",
  "Marco",
  "Nadia",
  "Omar",
] as const;

export const werewolfConfigSchema = z
  .object({
    werewolves: z.number().int().min(1).max(7).default(2),
    seer: z.number().int().min(0).max(1).default(1),
    doctor: z.number().int().min(0).max(1).default(1),
    villagers: z.number().int().min(0).max(15).default(4),
    statementsPerDay: z.number().int().min(1).max(30).default(6),
    /** Longer statements are cut to this many words and flagged `truncated`. */
    maxStatementWords: z.number().int().min(1).max(200).default(20),
    maxBid: z.number().int().min(1).max(100).default(10),
    /** A top bidder named in the previous statement of the day gets double weight in the tiebreak. */
    mentionBias: z.boolean().default(true),
    /** Self and peer deception analyses after every statement (off: debate and votes only). */
    deceptionAnalysis: z.boolean().default(true),
    /** Running suspicion: weight·new + (1 − weight)·previous. */
    suspicionWeight: z.number().min(0).max(1).default(0.7),
    initialSuspicion: z.number().min(0).max(1).default(0.5),
    /** Voting prompts show the voter's own running suspicion scores. */
    suspicionInVotePrompt: z.boolean().default(true),
    /** After this many rounds without a winner the werewolves win (they survived). */
    maxRounds: z.number().int().min(1).max(50).default(10),
  })
  .superRefine((c, ctx) => {
    const players = c.werewolves + c.seer + c.doctor + c.villagers;
    if (players > PLAYER_NAMES.length) {
      ctx.addIssue({
        code: "custom",
        path: ["villagers"],
        message: `at most ${PLAYER_NAMES.length} players, got ${players}`,
      });
    }
    if (c.werewolves >= players - c.werewolves) {
      ctx.addIssue({
        code: "custom",
        path: ["werewolves"],
        message: "werewolves must start as a minority (wolves < the rest)",
      });
    }
  });

export type WerewolfConfig = z.output<typeof werewolfConfigSchema>;
export type WerewolfConfigInput = z.input<typeof werewolfConfigSchema>;

export const playerCount = (c: WerewolfConfig): number => c.werewolves + c.seer + c.doctor + c.villagers;
