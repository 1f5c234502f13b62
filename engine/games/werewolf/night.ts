import type { StepOutput } from "../../core/game";
import { Rng } from "../../core/rng";
import type { NightKillDecision, ProtectDecision, UnmaskDecision, WerewolfDecision } from "./decisions";
import type {
  NightEndEvent,
  NightStartEvent,
  ProtectEvent,
  UnmaskEvent,
  WerewolfEvent,
  WolfProposalEvent,
} from "./events";
import { startDay } from "./day";
import { endGame, winnerOf } from "./outcome";
import { currentNight, livingWolves, type NightRecord, type WerewolfState } from "./state";

/** Opens the next round's night; the living wolves propose in a seeded random order. */
export function startNight(state: WerewolfState): StepOutput<WerewolfState, WerewolfEvent> {
  const rng = Rng.from(state.rng);
  const round = state.round + 1;
  const wolfOrder = rng.shuffle(livingWolves(state));
  const night: NightRecord = { round, wolfOrder, proposals: [], protect: null, unmask: null, end: null };
  const event: NightStartEvent = { type: "night_start", round, wolfOrder };
  return {
    state: { ...state, rng: rng.state(), round, phase: { kind: "night" }, nights: [...state.nights, night] },
    events: [event],
  };
}

/** Records this step's night decisions; once every night actor has acted, the night resolves. */
export function applyNight(
  state: WerewolfState,
  decisions: ReadonlyArray<{ seat: number; decision: WerewolfDecision }>,
): StepOutput<WerewolfState, WerewolfEvent> {
  const round = state.round;
  let night = currentNight(state);
  const events: WerewolfEvent[] = [];
  for (const { seat, decision } of decisions) {
    const fallback = decision.fallback ? { fallback: true as const } : {};
    if (decision.kind === "night_kill") {
      const { target, message } = decision as NightKillDecision;
      const event: WolfProposalEvent = { type: "wolf_proposal", round, seat, target, message, ...fallback };
      night = { ...night, proposals: [...night.proposals, event] };
      events.push(event);
    } else if (decision.kind === "protect") {
      const event: ProtectEvent = {
        type: "protect",
        round,
        seat,
        target: (decision as ProtectDecision).target,
        ...fallback,
      };
      night = { ...night, protect: event };
      events.push(event);
    } else if (decision.kind === "unmask") {
      const target = (decision as UnmaskDecision).target;
      const role = target === null ? null : state.players[target].role;
      const event: UnmaskEvent = { type: "unmask", round, seat, target, role, ...fallback };
      night = { ...night, unmask: event };
      events.push(event);
    }
  }
  const next: WerewolfState = { ...state, nights: [...state.nights.slice(0, -1), night] };
  if (!nightComplete(next, night)) return { state: next, events };
  const resolved = resolveNight(next);
  return { state: resolved.state, events: [...events, ...resolved.events] };
}

function nightComplete(state: WerewolfState, night: NightRecord): boolean {
  const actorAlive = (role: string) => state.players.some((p) => p.alive && p.role === role);
  return (
    night.proposals.length === night.wolfOrder.length &&
    (night.protect !== null || !actorAlive("Doctor")) &&
    (night.unmask !== null || !actorAlive("Seer"))
  );
}

/**
 * The pack's victim is the plurality of the wolves' proposals (a seeded draw among tied seats; nobody when no
 * wolf proposed a valid target). The victim dies unless the Doctor protected them. Then the win check.
 */
function resolveNight(state: WerewolfState): StepOutput<WerewolfState, WerewolfEvent> {
  const rng = Rng.from(state.rng);
  const night = currentNight(state);
  const counts = new Map<number, number>();
  for (const p of night.proposals) if (p.target !== null) counts.set(p.target, (counts.get(p.target) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  const tied = [...counts.keys()].filter((seat) => counts.get(seat) === top).sort((a, b) => a - b);
  const target = tied.length === 0 ? null : tied.length === 1 ? tied[0] : rng.pick(tied);
  const protectedTarget = night.protect?.target ?? null;
  const killed = target !== null && target !== protectedTarget ? target : null;
  const end: NightEndEvent = {
    type: "night_end",
    round: state.round,
    target,
    tiebreak: tied.length > 1 ? tied : null,
    protectedTarget,
    killed,
  };
  const next: WerewolfState = {
    ...state,
    rng: rng.state(),
    nights: [...state.nights.slice(0, -1), { ...night, end }],
    players: state.players.map((p) =>
      p.seat === killed ? { ...p, alive: false, fate: "killed" as const, diedRound: state.round } : p,
    ),
  };
  const win = winnerOf(next);
  const after = win ? endGame(next, win.winner, win.reason) : startDay(next);
  return { state: after.state, events: [end, ...after.events] };
}
