import type { EpisodeIndex } from "./episodeIndex";

export interface TrustPair {
  target: number;
  targetIsImpostor: boolean;
  /** K: voting phases in which the voter rated this target (targets are rated only while alive). */
  samples: number;
  brier: number;
  /** null when K < 2 (no update to measure). */
  volatility: number | null;
}

export interface TrustMetrics {
  /** Mean pair Brier score; null when the voter rated nobody. */
  brier: number | null;
  /** Mean volatility over pairs with K ≥ 2; null when there is no such pair. */
  volatility: number | null;
  pairs: TrustPair[];
  /** Trust values the engine filled with 0.5 because the agent omitted them (they are scored as given). */
  repairedValues: number;
}

/** Eq. 4: mean of ((1 − T) − y)², y = 1 for an impostor target. */
export function trustBrier(trust: readonly number[], targetIsImpostor: boolean): number {
  const y = targetIsImpostor ? 1 : 0;
  let sum = 0;
  for (const value of trust) sum += (1 - value - y) ** 2;
  return sum / trust.length;
}

/** Eq. 5: mean absolute change between consecutive snapshots; null when fewer than two. */
export function trustVolatility(trust: readonly number[]): number | null {
  if (trust.length < 2) return null;
  let sum = 0;
  for (let i = 1; i < trust.length; i++) sum += Math.abs(trust[i] - trust[i - 1]);
  return sum / (trust.length - 1);
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

export function trustMetrics(index: EpisodeIndex, voter: number): TrustMetrics {
  const series = new Map<number, number[]>();
  let repairedValues = 0;
  for (const round of index.rounds) {
    for (const vote of round.votes) {
      if (vote.seat !== voter) continue;
      repairedValues += vote.flags?.missingTrust?.length ?? 0;
      for (const [key, value] of Object.entries(vote.trust)) {
        const target = Number(key);
        if (target === voter) continue;
        let values = series.get(target);
        if (!values) series.set(target, (values = []));
        values.push(value);
      }
    }
  }

  const pairs: TrustPair[] = [...series.entries()]
    .sort(([a], [b]) => a - b)
    .map(([target, values]) => {
      const targetIsImpostor = index.roles[target] === "impostor";
      return {
        target,
        targetIsImpostor,
        samples: values.length,
        brier: trustBrier(values, targetIsImpostor),
        volatility: trustVolatility(values),
      };
    });

  return {
    brier: mean(pairs.map((p) => p.brier)),
    volatility: mean(pairs.flatMap((p) => (p.volatility === null ? [] : [p.volatility]))),
    pairs,
    repairedValues,
  };
}
