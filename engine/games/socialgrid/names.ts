import { playerName } from "./events";

const NAMES = Array.from({ length: 64 }, (_, seat) => playerName(seat));

/** `playerName(seat)` from a table of interned strings (used on hot paths: view and oracle keys). */
export const seatName = (seat: number): string => NAMES[seat] ?? playerName(seat);
