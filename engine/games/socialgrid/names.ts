const NAMES = Array.from({ length: 64 }, (_, seat) => `Player_${seat}`);

/** `Player_<seat>` (interned for the usual table sizes). */
export const playerName = (seat: number): string => NAMES[seat] ?? `Player_${seat}`;
