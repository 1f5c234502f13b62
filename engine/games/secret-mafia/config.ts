import { z } from "zod";

/** Python's round(): halves go to the even neighbour (round(2.5) = 2), as TextArena computes the Mafia count. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** max(1, round(ratio · players)): 2 Mafia at 6–10 players, 3 at 11–13, 4 at 14–15 with the default 0.25. */
export const mafiaCount = (players: number, ratio: number): number => Math.max(1, roundHalfEven(players * ratio));

export const secretMafiaConfigSchema = z
  .object({
    players: z.number().int().min(6).max(15).default(6),
    mafiaRatio: z.number().gt(0).lt(1).default(0.25),
    discussionRounds: z.number().int().min(1).max(10).default(3),
  })
  .superRefine((c, ctx) => {
    const mafia = mafiaCount(c.players, c.mafiaRatio);
    if (mafia > c.players - 2 || mafia >= c.players - mafia) {
      ctx.addIssue({
        code: "custom",
        path: ["mafiaRatio"],
        message: `${mafia} Mafia of ${c.players}: the Mafia must start in the minority and leave room for the Doctor and Detective`,
      });
    }
  });

export type SecretMafiaConfig = z.output<typeof secretMafiaConfigSchema>;
export type SecretMafiaConfigInput = z.input<typeof secretMafiaConfigSchema>;
