import type { PlayerMemory } from "./state";
import { MEMORY_NOTES, SEEN_FIELDS } from "./state";

export function emptyMemory(players: number): PlayerMemory {
  const seen: number[] = [];
  for (let i = 0; i < players; i++) seen.push(-1, 0, 0, 0, 0);
  return { seen, bodiesSeen: [], notes: [] };
}

/** The sighting record of one seat in a memory. */
export function sightingOf(memory: PlayerMemory, seat: number) {
  const at = seat * SEEN_FIELDS;
  const s = memory.seen;
  return {
    lastSeen: s[at] < 0 ? null : { t: s[at], x: s[at + 1], y: s[at + 2] },
    steps: s[at + 3],
    taskToggles: s[at + 4],
  };
}

export function addNote(memory: PlayerMemory, note: string): PlayerMemory {
  const notes = memory.notes.length >= MEMORY_NOTES ? memory.notes.slice(1) : memory.notes.slice();
  notes.push(note);
  return { ...memory, notes };
}
