import { parseTarget, validTargets } from "./decisions";
import { teamOf, type EliminationCause, type Phase, type Team } from "./events";
import { EVERYONE, playerName } from "./messages";
import { livingSeats, livingWithRole } from "./state";
import type { Transition } from "./transition";

const targetList = (seats: readonly number[]): string => seats.map((s) => `'[${s}]'`).join(", ");
const isNight = (phase: string): boolean => phase.startsWith("night");

/** Plurality of the running votes; a seeded draw among tied seats. */
function tally(tx: Transition): { tally: Record<string, number>; target: number | null; tiebreak: number[] | null } {
  const counts: Record<string, number> = {};
  for (const target of Object.values(tx.s.votes)) counts[target] = (counts[target] ?? 0) + 1;
  const top = Math.max(0, ...Object.values(counts));
  const tied = Object.keys(counts)
    .filter((seat) => counts[seat] === top)
    .map(Number)
    .sort((a, b) => a - b);
  const target = tied.length === 0 ? null : tied.length === 1 ? tied[0] : tx.rng.pick(tied);
  tx.s.votes = {};
  return { tally: counts, target, tiebreak: tied.length > 1 ? tied : null };
}

/** Starts `phase`: its instructions, who acts in which (seeded) order, and the first to act. */
export function openPhase(tx: Transition, phase: Phase): void {
  const s = tx.s;
  s.phase = phase;
  s.votes = {};
  s.turnsInPhase = 0;
  const how = "in the format '[Player X]' or '[X]'";
  let order: number[];
  switch (phase) {
    case "night_mafia": {
      const mafia = livingWithRole(s, "Mafia");
      tx.send(
        mafia,
        `Night ${s.day} has fallen. Mafia, vote privately for a victim ${how}. Valid targets: ${targetList(validTargets(s, mafia[0]))}`,
      );
      order = tx.rng.shuffle([...mafia]);
      break;
    }
    case "night_doctor":
    case "night_detective": {
      const role = phase === "night_doctor" ? "Doctor" : "Detective";
      const [seat] = livingWithRole(s, role);
      const verb = phase === "night_doctor" ? "protect from the Mafia tonight" : "investigate";
      tx.send(
        [seat],
        `Night phase - you are the ${role}: choose one player to ${verb} ${how}. Valid options: ${targetList(validTargets(s, seat))}`,
      );
      order = [seat];
      break;
    }
    case "day_discussion": {
      const rounds = s.config.discussionRounds;
      tx.send(
        EVERYONE,
        `Day ${s.day} breaks. Discuss for ${rounds} round${rounds === 1 ? "" : "s"}, then a vote will follow.`,
      );
      order = tx.rng.shuffle(livingSeats(s));
      s.speakingOrder = order;
      break;
    }
    case "day_voting":
      tx.send(EVERYONE, `Voting phase - submit one vote ${how}. Valid: ${targetList(validTargets(s, -1))}`);
      order = tx.rng.shuffle(livingSeats(s));
      break;
  }
  tx.emit({ type: "phase_start", day: s.day, phase, order });
  s.queue =
    phase === "day_discussion" ? Array.from({ length: s.config.discussionRounds }, () => order).flat() : [...order];
  s.current = s.queue.shift() ?? null;
}

/** The next player of the phase, or the end of the phase and the start of the next. */
export function advance(tx: Transition): void {
  const s = tx.s;
  if (tx.over) return;
  if (s.queue.length > 0) {
    s.current = s.queue.shift()!;
    return;
  }
  switch (s.phase) {
    case "night_mafia": {
      const result = tally(tx);
      s.pendingKill = result.target;
      tx.emit({ type: "night_target", day: s.day, ...result });
      nightRole(tx, "Doctor");
      return;
    }
    case "night_doctor":
      nightRole(tx, "Detective");
      return;
    case "night_detective":
      dawn(tx);
      return;
    case "day_discussion":
      openPhase(tx, "day_voting");
      return;
    case "day_voting": {
      const result = tally(tx);
      tx.emit({ type: "vote_result", day: s.day, ...result });
      if (result.target === null) tx.send(EVERYONE, "No consensus - nobody was eliminated.");
      else eliminate(tx, result.target, "vote");
      if (tx.over) return;
      s.day++;
      openPhase(tx, "night_mafia");
    }
  }
}

/** The Doctor's, then the Detective's turn, each skipped when that role is dead. */
function nightRole(tx: Transition, role: "Doctor" | "Detective"): void {
  if (livingWithRole(tx.s, role).length > 0) openPhase(tx, role === "Doctor" ? "night_doctor" : "night_detective");
  else if (role === "Doctor") nightRole(tx, "Detective");
  else dawn(tx);
}

/** The night's outcome is announced, then any night eliminations for invalid moves, then the day begins. */
function dawn(tx: Transition): void {
  const victim = tx.s.pendingKill;
  if (victim === null) tx.send(EVERYONE, "No one was killed tonight.");
  else eliminate(tx, victim, "night_kill");
  if (tx.over) return;
  announceNightEliminations(tx);
  openPhase(tx, "day_discussion");
}

function announceNightEliminations(tx: Transition): void {
  for (const seat of tx.s.unannounced)
    tx.send(EVERYONE, `${playerName(seat)} was eliminated for repeated invalid moves.`);
  tx.s.unannounced = [];
}

const ELIMINATION_TEXT: Record<EliminationCause, string> = {
  night_kill: "was killed during the night.",
  vote: "was eliminated by vote.",
  invalid_moves: "was eliminated for repeated invalid moves.",
};

/**
 * Removes a player from the game, their votes and the votes for them. An elimination for invalid moves at
 * night is told only to the offender (and their fellow Mafia) until daybreak: announcing it at once would
 * reveal that the player holds a night role. Then the win check.
 */
export function eliminate(tx: Transition, seat: number, cause: EliminationCause): void {
  const s = tx.s;
  const phase = s.phase as Phase;
  const player = s.players[seat];
  player.alive = false;
  player.eliminated = { day: s.day, cause };
  s.queue = s.queue.filter((q) => q !== seat);
  s.votes = Object.fromEntries(
    Object.entries(s.votes).filter(([voter, target]) => Number(voter) !== seat && target !== seat),
  );
  if (s.pendingKill === seat) s.pendingKill = null;
  tx.emit({ type: "elimination", day: s.day, phase, seat, cause });
  const text = `${playerName(seat)} ${ELIMINATION_TEXT[cause]}`;
  if (cause === "invalid_moves" && isNight(phase)) {
    s.unannounced.push(seat);
    const told = player.role === "Mafia" ? [seat, ...livingWithRole(s, "Mafia")] : [seat];
    tx.send(told, `${text} The other players learn this at daybreak.`);
  } else {
    tx.send(EVERYONE, text);
  }
  checkWin(tx);
}

function checkWin(tx: Transition): void {
  const mafia = livingWithRole(tx.s, "Mafia").length;
  const alive = livingSeats(tx.s).length;
  if (mafia === 0) endGame(tx, "Village", "All Mafia members were eliminated. The Village wins!");
  else if (mafia >= alive / 2)
    endGame(tx, "Mafia", "The Mafia make up at least half of the living players. The Mafia win!");
}

function endGame(tx: Transition, winner: Team, reason: string): void {
  const s = tx.s;
  announceNightEliminations(tx);
  tx.send(EVERYONE, reason);
  const rewards = s.players.map((p) => (teamOf(p.role) === winner ? 1 : -1));
  const gameInfo = s.players.map((p) => ({
    role: p.role,
    invalid_move: p.eliminated?.cause === "invalid_moves",
    turn_count: s.turn,
    reason,
  }));
  s.phase = "over";
  s.current = null;
  s.queue = [];
  s.result = { winner, reason, rewards, gameInfo };
  tx.emit({ type: "game_end", day: s.day, winner, reason, rewards, gameInfo });
}

/** Applies a move of the current player; returns why it is invalid, or null when it was applied. */
export function applyMove(tx: Transition, seat: number, action: string, fallback: boolean): string | null {
  const s = tx.s;
  const phase = s.phase as Phase;
  if (phase === "day_discussion") {
    tx.send(EVERYONE, action, "player_action", seat);
    const round = Math.floor(s.turnsInPhase / s.speakingOrder.length) + 1;
    tx.emit({
      type: "discussion",
      day: s.day,
      round,
      seat,
      text: action,
      ...(fallback ? { fallback: true as const } : {}),
    });
    s.turnsInPhase++;
    return null;
  }
  const valid = validTargets(s, seat);
  const target = parseTarget(action);
  if (target === null || !valid.includes(target)) {
    const problem =
      phase === "day_voting" || phase === "night_mafia"
        ? "Vote not in valid format or invalid target"
        : "Invalid target";
    return `${problem}. Reply with '[X]' or '[Player X]'. Valid: ${targetList(valid)}.`;
  }
  switch (phase) {
    case "day_voting":
      s.votes[seat] = target;
      tx.send(EVERYONE, action, "player_action", seat);
      tx.emit({ type: "vote", day: s.day, seat, target });
      break;
    case "night_mafia":
      s.votes[seat] = target;
      tx.send(livingWithRole(s, "Mafia"), action, "player_action", seat);
      tx.emit({ type: "night_vote", day: s.day, seat, target });
      break;
    case "night_doctor": {
      const saved = target === s.pendingKill;
      if (saved) s.pendingKill = null;
      tx.send([seat], action, "player_action", seat);
      tx.emit({ type: "protect", day: s.day, seat, target, saved });
      break;
    }
    case "night_detective": {
      const isMafia = s.players[target].role === "Mafia";
      tx.send([seat], action, "player_action", seat);
      tx.send([seat], `${playerName(target)} IS ${isMafia ? "" : "NOT "}a Mafia member.`);
      tx.emit({ type: "investigate", day: s.day, seat, target, isMafia });
      break;
    }
  }
  return null;
}

/** An invalid move: a warning and a retry the first time, elimination the second time in a row. */
export function rejectMove(tx: Transition, seat: number, action: string, reason: string, fallback: boolean): void {
  const s = tx.s;
  const strike = s.invalidStreak === 0 ? 1 : 2;
  s.players[seat].invalidMoves++;
  tx.emit({
    type: "invalid_move",
    day: s.day,
    phase: s.phase as Phase,
    seat,
    action,
    reason,
    strike,
    ...(fallback ? { fallback: true as const } : {}),
  });
  if (strike === 1) {
    s.invalidStreak = 1;
    tx.send(
      [seat],
      `${playerName(seat)} attempted an invalid move. Reason: ${reason} Please resubmit a valid move and remember to follow the game rules to avoid penalties.`,
      "game_admin",
    );
    return;
  }
  s.invalidStreak = 0;
  eliminate(tx, seat, "invalid_moves");
  advance(tx);
}
