import { Rng } from "../../core/rng";
import {
  ACTIONS,
  type KillEvent,
  type SocialGridEvent,
  type StepEvent,
  type TaskKind,
  type VoteReason,
} from "./events";
import { facingCode, moveDirection, turnResult } from "./geometry";
import { mapIndex, TILE } from "./map";
import { addNote } from "./memory";
import { checkOutcome, finishGame, startMeeting, type Outcome } from "./outcome";
import { HISTORY_LENGTH, SEEN_FIELDS, type Corpse, type PlayerState, type SocialGridState } from "./state";
import { sightFor, type Sight } from "./visibility";
import { adoptWorld, isPassable, toggleableTaskAt, worldOf } from "./world";

const NO_ACTIONS: number[] = Object.freeze([]) as unknown as number[];
const BONUS_BY_KIND = { common: "commonTaskDone", short: "shortTaskDone", long: "longTaskDone" } as const;

interface MeetingCall {
  reason: Exclude<VoteReason, "schedule">;
  caller: number;
  body?: number;
}

/**
 * Runs one env step of the task phase. `newQueues` replaces the action queues of the seats that just
 * decided; every live player then has a queued action (NOOP if not). The head of each queue is executed,
 * one player at a time in an order shuffled by the seeded RNG, against the world as the previous players
 * left it. The game ends at the first action that decides it (later players do not act).
 */
export function runEnvStep(
  state: SocialGridState,
  newQueues?: ReadonlyMap<number, number[]>,
): { state: SocialGridState; events: SocialGridEvent[] } {
  const t = state.t + 1;
  const { config, info } = state;
  const R = config.rewards;
  const index = mapIndex(state.map);
  const step = index.step;
  const rng = Rng.from(state.rng);
  const players: PlayerState[] = state.players.map((p) => clonePlayer(p, newQueues?.get(p.seat) ?? p.queue));
  const occ = worldOf(state).occ.slice();
  let doorsOpen = state.doorsOpen;
  let corpses: Corpse[] = state.corpses;
  let meetingsLeft = state.meetingsLeft;
  let sight: Sight | null = null;
  const currentSight = () => (sight ??= sightFor(index, doorsOpen, config));

  const rewards = players.map((p) => (!p.alive ? 0 : p.role === "crewmate" ? R.stepCrew : R.stepImpostor));
  const acts: StepEvent["acts"] = [];
  const details: SocialGridEvent[] = [];
  const togglers: number[] = [];
  const killers = new Set<number>();
  let meeting: MeetingCall | null = null;
  let outcome: Outcome | null = null;

  const order = rng.shuffle(players.filter((p) => p.alive).map((p) => p.seat));
  for (const seat of order) {
    const p = players[seat];
    if (!p.alive) continue;
    const action = p.queue[0] ?? ACTIONS.NOOP;
    p.queue = p.queue.length > 1 ? p.queue.slice(1) : NO_ACTIONS;
    const fromX = p.x;
    const fromY = p.y;
    const here = index.cell(p.x, p.y);
    const f = p.facing - 100;
    const front = here + step[f];
    let ok: 0 | 1 = 0;

    const dir = moveDirection(action, f);
    const turned = turnResult(action, f);
    if (dir >= 0) {
      const to = here + step[dir];
      if (occ[to] === 0 && isPassable(index, doorsOpen, to)) {
        occ[here] = 0;
        occ[to] = seat + 1;
        p.x = to % index.width;
        p.y = (to / index.width) | 0;
        ok = 1;
      }
    } else if (turned >= 0) {
      p.facing = facingCode(turned);
      ok = 1;
    } else if (action === ACTIONS.NOOP) {
      ok = 1;
    } else if (action === ACTIONS.DO_TASK) {
      const i = index.kind[front] === TILE.STATION ? toggleableTaskAt(index, info[seat].tasks, p.progress, front) : -1;
      if (i >= 0) {
        ok = 1;
        togglers.push(seat);
        const task = info[seat].tasks[i];
        if (!task.fake) {
          p.progress = p.progress.slice();
          p.progress[i]++;
          rewards[seat] += R.taskToggle;
        }
        details.push({
          type: "task_toggle",
          t,
          seat,
          task: task.id,
          progress: p.progress[i],
          required: task.required,
          fake: task.fake,
        });
        if (!task.fake && p.progress[i] === task.required) {
          rewards[seat] += R[BONUS_BY_KIND[task.kind as TaskKind]];
          details.push({ type: "task_complete", t, seat, task: task.id, kind: task.kind });
          outcome = checkOutcome(players, info);
        }
      }
    } else if (action === ACTIONS.OPEN_DOOR || action === ACTIONS.CLOSE_DOOR) {
      const door = index.doorAt[front];
      const open = action === ACTIONS.OPEN_DOOR;
      if (door >= 0 && doorsOpen[door] !== open && (open || occ[front] === 0)) {
        doorsOpen = doorsOpen.slice();
        doorsOpen[door] = open;
        sight = null;
        ok = 1;
        details.push({ type: "door", t, seat, door, open });
      }
    } else if (action === ACTIONS.REPORT_DEADBODY) {
      if (occ[front] < 0 && meeting === null) {
        const body = -occ[front] - 1;
        meeting = { reason: "report", caller: seat, body };
        ok = 1;
        details.push({ type: "report", t, seat, body, pos: { x: front % index.width, y: (front / index.width) | 0 } });
      }
    } else if (action === ACTIONS.CALL_DISCUSSION) {
      if (index.kind[front] === TILE.BUTTON && meetingsLeft > 0 && meeting === null) {
        meetingsLeft--;
        meeting = { reason: "button", caller: seat };
        ok = 1;
        details.push({ type: "button", t, seat, remaining: meetingsLeft });
      }
    } else if (action === ACTIONS.KILL) {
      const victimSeat = occ[front] - 1;
      if (p.role === "impostor" && p.killCooldown === 0 && victimSeat >= 0 && players[victimSeat].role === "crewmate") {
        ok = 1;
        const victim = players[victimSeat];
        const pos = { x: victim.x, y: victim.y };
        const witnesses = players
          .filter((o) => o.alive && o.seat !== seat && o.seat !== victimSeat && currentSight().canSee(o, pos.x, pos.y))
          .map((o) => o.seat);
        victim.alive = false;
        victim.fate = "killed";
        victim.queue = [];
        occ[front] = -(victimSeat + 1);
        corpses = [...corpses, { seat: victimSeat, x: pos.x, y: pos.y, t }];
        p.killCooldown = config.killCooldown;
        killers.add(seat);
        rewards[seat] += R.kill;
        rewards[victimSeat] += R.killed;
        const kill: KillEvent = { type: "kill", t, killer: seat, victim: victimSeat, pos, witnesses };
        details.push(kill);
        const where = index.labels[front];
        p.memory = addNote(p.memory, `step=${t}: you killed Player_${victimSeat} at ${where}`);
        for (const w of witnesses) {
          players[w].memory = addNote(players[w].memory, `step=${t}: SAW Player_${seat} KILL Player_${victimSeat} at ${where}`);
        }
        outcome = checkOutcome(players, info);
      }
    }

    acts.push([seat, action, ok, p.x, p.y, p.facing]);
    p.history = pushBounded(p.history, [t, fromX, fromY, action, p.x, p.y, ok]);
    const line = `step=${t}: ${index.labels[here]}->act=${action}->${index.labels[index.cell(p.x, p.y)]}`;
    p.historyLines = pushBounded(p.historyLines, ok ? line : `${line} (failed)`);
    if (outcome) break;
  }

  for (const p of players) {
    if (p.role === "impostor" && p.alive && p.killCooldown > 0 && !killers.has(p.seat)) p.killCooldown--;
  }
  updateSightings(players, corpses, togglers, currentSight(), t, index.labels);

  const returns = state.returns.map((r, i) => r + rewards[i]);
  let next: SocialGridState = {
    config,
    seed: state.seed,
    map: state.map,
    info,
    rng: rng.state(),
    t,
    phase: state.phase,
    players,
    doorsOpen,
    corpses,
    meetingsLeft,
    voteRound: state.voteRound,
    returns,
    result: state.result,
  };
  adoptWorld(next, occ);
  const events: SocialGridEvent[] = [{ type: "step", t, acts, rewards }, ...details];

  if (!outcome && t >= config.maxSteps) outcome = { winner: "impostors", reason: "step_limit" };
  if (outcome) {
    const end = finishGame(next, outcome);
    events.push(end.event);
    return { state: end.state, events };
  }
  const scheduled = config.voteEvery > 0 && t % config.voteEvery === 0;
  if (meeting || scheduled) {
    const start = meeting ? startMeeting(next, meeting.reason, meeting.caller, meeting.body) : startMeeting(next, "schedule");
    next = start.state;
    events.push(start.event);
  }
  return { state: next, events };
}

/** A field-by-field copy (same shape for every player, unlike a spread). */
function clonePlayer(p: PlayerState, queue: number[]): PlayerState {
  return {
    seat: p.seat,
    role: p.role,
    x: p.x,
    y: p.y,
    facing: p.facing,
    alive: p.alive,
    fate: p.fate,
    killCooldown: p.killCooldown,
    progress: p.progress,
    queue,
    history: p.history,
    historyLines: p.historyLines,
    memory: p.memory,
  };
}

function pushBounded<T>(history: T[], entry: T): T[] {
  const out = history.length >= HISTORY_LENGTH ? history.slice(history.length - HISTORY_LENGTH + 1) : history.slice();
  out.push(entry);
  return out;
}

/** Updates each live player's private memory with what it sees at the end of the step. */
function updateSightings(
  players: PlayerState[],
  corpses: readonly Corpse[],
  togglers: readonly number[],
  sight: Sight,
  t: number,
  labels: readonly string[],
): void {
  const w = sight.index.width;
  for (const o of players) {
    if (!o.alive) continue;
    let memory = o.memory;
    let seen: number[] | null = null;
    const mask = sight.mask(o.x, o.y);
    for (const q of players) {
      if (q === o || !q.alive || !sight.inMask(mask, o, q.x, q.y)) continue;
      seen ??= memory.seen.slice();
      const at = q.seat * SEEN_FIELDS;
      seen[at] = t;
      seen[at + 1] = q.x;
      seen[at + 2] = q.y;
      seen[at + 3]++;
      if (togglers.includes(q.seat)) seen[at + 4]++;
    }
    if (seen) memory = { seen, bodiesSeen: memory.bodiesSeen, notes: memory.notes };
    for (const c of corpses) {
      if (memory.bodiesSeen.includes(c.seat) || !sight.inMask(mask, o, c.x, c.y)) continue;
      const near = players
        .filter((q) => q !== o && q.alive && sight.inMask(mask, o, q.x, q.y))
        .map((q) => `Player_${q.seat} (dist ${Math.abs(q.x - c.x) + Math.abs(q.y - c.y)})`);
      memory = addNote(
        { ...memory, bodiesSeen: [...memory.bodiesSeen, c.seat] },
        `step=${t}: found the body of Player_${c.seat} at ${labels[c.y * w + c.x]}; in view: ${near.join(", ") || "nobody"}`,
      );
    }
    o.memory = memory;
  }
}
