/**
 * The leaderboard's additive counts of one episode (a module's `leaderboard.counts`): figures summed per
 * agent and role over the seats each agent held, and the ratios its columns read from the sums.
 */
import type { AgentRoleCounts } from "./module";

export class RoleCounts {
  private readonly byKey = new Map<string, AgentRoleCounts>();

  constructor(private readonly seats: ReadonlyArray<{ agent: string; role: string }>) {}

  /** Adds `value` to `name` of the agent and role holding `seat` (a seat nobody held is skipped). */
  add(seat: number, name: string, value: number): void {
    const holder = this.seats[seat];
    if (!holder) return;
    const key = `${holder.agent}\u0000${holder.role}`;
    let entry = this.byKey.get(key);
    if (!entry) this.byKey.set(key, (entry = { agent: holder.agent, role: holder.role, counts: {} }));
    entry.counts[name] = (entry.counts[name] ?? 0) + value;
  }

  list(): AgentRoleCounts[] {
    return [...this.byKey.values()];
  }
}

/** A column's ratio of two summed counts; null without a denominator. */
export const countRatio = (num: number | undefined, den: number | undefined): number | null =>
  den ? (num ?? 0) / den : null;
