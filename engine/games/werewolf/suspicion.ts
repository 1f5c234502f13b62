/** The running suspicion update: weight·new + (1 − weight)·previous (WOLF: 0.7 new, 0.3 previous). */
export const updatedSuspicion = (previous: number, observed: number, weight: number): number =>
  weight * observed + (1 - weight) * previous;
