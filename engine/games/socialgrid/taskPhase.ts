import { Rng } from "../../core/rng";
import { ACTIONS, type SocialGridEvent, type StepEvent, type VoteReason } from "./events";
import { facingCode, moveDirection, turnResult } from "./geometry";
import { mapIndex, TILE, type MapIndex } from "./map";
import { addNote } from "./memory";
import { checkOutcome, finishGame, startMeeting, type Outcome } from "./outcome";
import { HISTORY_LENGTH, SEEN_FIELDS, type Corpse, type PlayerState, type SocialGridState } from "./state";
import { sightFor, type Sight } from "./visibility";
import { adoptWorld, isPassable, toggleableTaskAt, worldOf, type Occupancy } from "./world";

/** The shared empty queue (queues are replaced, never mutated). */
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
  const rng = Rng.from(state.rng);
  const step = new EnvStep(state, newQueues);
  const { t, index, players } = step;
  const acts: StepEvent["acts"] = [];

  for (const seat of rng.shuffle(players.filter((p) => p.alive).map((p) => p.seat))) {
    const p = players[seat];
    if (!p.alive) continue;
    const action = p.queue[0] ?? ACTIONS.NOOP;
    p.queue = p.queue.length > 1 ? p.queue.slice(1) : NO_ACTIONS;
    const from = index.cell(p.x, p.y);
    const ok = step.apply(p, action);
    acts.push([seat, action, ok, p.x, p.y, p.facing]);
    p.history = pushBounded(p.history, [t, from % index.width, (from / index.width) | 0, action, p.x, p.y, ok]);
    const line = `step=${t}: ${index.labels[from]}->act=${action}->${index.labels[index.cell(p.x, p.y)]}`;
    p.historyLines = pushBounded(p.historyLines, ok ? line : `${line} (failed)`);
    if (step.outcome) break;
  }

  for (const p of players) {
    if (p.role === "impostor" && p.alive && p.killCooldown > 0 && !step.killers.has(p.seat)) p.killCooldown--;
  }
  updateSightings(players, step.corpses, step.togglers, step.sight, t, index.labels);

  let next: SocialGridState = {
    config: state.config,
    seed: state.seed,
    map: state.map,
    info: state.info,
    rng: rng.state(),
    t,
    phase: state.phase,
    players,
    doorsOpen: step.doorsOpen,
    corpses: step.corpses,
    meetingsLeft: step.meetingsLeft,
    voteRound: state.voteRound,
    returns: state.returns.map((r, i) => r + step.rewards[i]),
    result: state.result,
  };
  adoptWorld(next, step.occ);
  const events: SocialGridEvent[] = [{ type: "step", t, acts, rewards: step.rewards }, ...step.details];

  const timeUp: Outcome | null = t >= state.config.maxSteps ? { winner: "impostors", reason: "step_limit" } : null;
  const outcome = step.outcome ?? timeUp;
  if (outcome) {
    const end = finishGame(next, outcome);
    events.push(end.event);
    return { state: end.state, events };
  }
  const scheduled = state.config.voteEvery > 0 && t % state.config.voteEvery === 0;
  if (step.meeting || scheduled) {
    const call = step.meeting;
    const start = call ? startMeeting(next, call.reason, call.caller, call.body) : startMeeting(next, "schedule");
    next = start.state;
    events.push(start.event);
  }
  return { state: next, events };
}

/**
 * The working copy of one env step: fresh copies of the parts of the state that actions change (the input
 * state is never touched), the rewards and events so far, and one method per kind of action.
 */
class EnvStep {
  readonly t: number;
  readonly index: MapIndex;
  readonly players: PlayerState[];
  readonly occ: Occupancy;
  readonly rewards: number[];
  readonly details: SocialGridEvent[] = [];
  /** Seats that toggled a task (real or fake) this step: what observers may notice. */
  readonly togglers: number[] = [];
  readonly killers = new Set<number>();
  doorsOpen: boolean[];
  corpses: Corpse[];
  meetingsLeft: number;
  meeting: MeetingCall | null = null;
  outcome: Outcome | null = null;
  private sightCache: Sight | null = null;

  constructor(
    private readonly state: SocialGridState,
    newQueues?: ReadonlyMap<number, number[]>,
  ) {
    const R = state.config.rewards;
    this.t = state.t + 1;
    this.index = mapIndex(state.map);
    this.players = state.players.map((p) => clonePlayer(p, newQueues?.get(p.seat) ?? p.queue));
    this.occ = worldOf(state).occ.slice();
    this.rewards = this.players.map((p) => (!p.alive ? 0 : p.role === "crewmate" ? R.stepCrew : R.stepImpostor));
    this.doorsOpen = state.doorsOpen;
    this.corpses = state.corpses;
    this.meetingsLeft = state.meetingsLeft;
  }

  /** Line of sight with the doors as they are at this point of the step. */
  get sight(): Sight {
    return (this.sightCache ??= sightFor(this.index, this.doorsOpen, this.state.config));
  }

  /** Executes one action of a live player; 1 if it happened, 0 if it failed. */
  apply(p: PlayerState, action: number): 0 | 1 {
    const f = p.facing - 100;
    const dir = moveDirection(action, f);
    if (dir >= 0) return this.move(p, dir);
    const turned = turnResult(action, f);
    if (turned >= 0) {
      p.facing = facingCode(turned);
      return 1;
    }
    const front = this.index.cell(p.x, p.y) + this.index.step[f];
    switch (action) {
      case ACTIONS.NOOP:
        return 1;
      case ACTIONS.DO_TASK:
        return this.doTask(p, front);
      case ACTIONS.OPEN_DOOR:
      case ACTIONS.CLOSE_DOOR:
        return this.setDoor(p, front, action === ACTIONS.OPEN_DOOR);
      case ACTIONS.REPORT_DEADBODY:
        return this.report(p, front);
      case ACTIONS.CALL_DISCUSSION:
        return this.pressButton(p, front);
      case ACTIONS.KILL:
        return this.kill(p, front);
      default:
        return 0;
    }
  }

  private move(p: PlayerState, dir: number): 0 | 1 {
    const here = this.index.cell(p.x, p.y);
    const to = here + this.index.step[dir];
    if (this.occ[to] !== 0 || !isPassable(this.index, this.doorsOpen, to)) return 0;
    this.occ[here] = 0;
    this.occ[to] = p.seat + 1;
    p.x = to % this.index.width;
    p.y = (to / this.index.width) | 0;
    return 1;
  }

  private doTask(p: PlayerState, front: number): 0 | 1 {
    const { t, index, state } = this;
    const tasks = state.info[p.seat].tasks;
    const i = index.kind[front] === TILE.STATION ? toggleableTaskAt(index, tasks, p.progress, front) : -1;
    if (i < 0) return 0;
    const task = tasks[i];
    this.togglers.push(p.seat);
    if (!task.fake) {
      p.progress = p.progress.slice();
      p.progress[i]++;
      this.rewards[p.seat] += state.config.rewards.taskToggle;
    }
    const { id, required, fake } = task;
    this.details.push({ type: "task_toggle", t, seat: p.seat, task: id, progress: p.progress[i], required, fake });
    if (!task.fake && p.progress[i] === task.required) {
      this.rewards[p.seat] += state.config.rewards[BONUS_BY_KIND[task.kind]];
      this.details.push({ type: "task_complete", t, seat: p.seat, task: task.id, kind: task.kind });
      this.outcome = checkOutcome(this.players, state.info);
    }
    return 1;
  }

  private setDoor(p: PlayerState, front: number, open: boolean): 0 | 1 {
    const door = this.index.doorAt[front];
    if (door < 0 || this.doorsOpen[door] === open || (!open && this.occ[front] !== 0)) return 0;
    this.doorsOpen = this.doorsOpen.slice();
    this.doorsOpen[door] = open;
    this.sightCache = null;
    this.details.push({ type: "door", t: this.t, seat: p.seat, door, open });
    return 1;
  }

  /** Only the first meeting call of a step counts. */
  private report(p: PlayerState, front: number): 0 | 1 {
    if (this.occ[front] >= 0 || this.meeting) return 0;
    const body = -this.occ[front] - 1;
    this.meeting = { reason: "report", caller: p.seat, body };
    const pos = { x: front % this.index.width, y: (front / this.index.width) | 0 };
    this.details.push({ type: "report", t: this.t, seat: p.seat, body, pos });
    return 1;
  }

  private pressButton(p: PlayerState, front: number): 0 | 1 {
    if (this.index.kind[front] !== TILE.BUTTON || this.meetingsLeft === 0 || this.meeting) return 0;
    this.meetingsLeft--;
    this.meeting = { reason: "button", caller: p.seat };
    this.details.push({ type: "button", t: this.t, seat: p.seat, remaining: this.meetingsLeft });
    return 1;
  }

  private kill(p: PlayerState, front: number): 0 | 1 {
    const { t, players } = this;
    const victim = players[this.occ[front] - 1];
    if (p.role !== "impostor" || p.killCooldown > 0 || !victim || victim.role !== "crewmate") return 0;
    const pos = { x: victim.x, y: victim.y };
    const witnesses = players
      .filter((o) => o.alive && o !== p && o !== victim && this.sight.canSee(o, pos.x, pos.y))
      .map((o) => o.seat);
    victim.alive = false;
    victim.fate = "killed";
    victim.queue = NO_ACTIONS;
    this.occ[front] = -(victim.seat + 1);
    this.corpses = [...this.corpses, { seat: victim.seat, x: pos.x, y: pos.y, t }];
    p.killCooldown = this.state.config.killCooldown;
    this.killers.add(p.seat);
    this.rewards[p.seat] += this.state.config.rewards.kill;
    this.rewards[victim.seat] += this.state.config.rewards.killed;
    this.details.push({ type: "kill", t, killer: p.seat, victim: victim.seat, pos, witnesses });
    const where = this.index.labels[front];
    p.memory = addNote(p.memory, `step=${t}: you killed Player_${victim.seat} at ${where}`);
    for (const w of witnesses) {
      const note = `step=${t}: SAW Player_${p.seat} KILL Player_${victim.seat} at ${where}`;
      players[w].memory = addNote(players[w].memory, note);
    }
    this.outcome = checkOutcome(players, this.state.info);
    return 1;
  }
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
