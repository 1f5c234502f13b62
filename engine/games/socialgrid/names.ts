import { playerName } from "./events";

const NAMES = Array.from({ length: 64 }, (_, seat) => playerName(seat));

/** `playerName(seat)` from a table of interned strings (used on hot paths: view and oracle keys). */
export const seatName = (seat: number): string => NAMES[seat] ?? playerName(seat);

/** "Player_3" → 3; anything else → null. The views name players this way. */
export function seatOfName(name: string): number | null {
  const m = /^Player_(\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
}
