/** Number formats shared by the leaderboard, agent and league pages ("—" for missing values). */
export const DASH = "—";

export const percent = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? DASH : `${(100 * value).toFixed(digits)}%`;

export const fixed = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? DASH : value.toFixed(digits);

export const millis = (value: number | null | undefined) =>
  value === null || value === undefined ? DASH : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;

export const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

export const dateTime = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") : DASH);

/** A role id as a label ("crewmate" → "Crewmate"; the games' own labels say the same). */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export const KIND_LABEL = { builtin: "Built-in bot", llm: "OpenAI-protocol model", remote: "Remote endpoint" } as const;
export const KIND_SHORT = { builtin: "bot", llm: "LLM", remote: "remote" } as const;

/** A game's figure in its declared format (the game modules' leaderboard columns and agent stats). */
export function figure(format: "percent" | "percent1" | "fixed3", value: number | null | undefined): string {
  if (format === "fixed3") return fixed(value, 3);
  return percent(value, format === "percent1" ? 1 : 0);
}
