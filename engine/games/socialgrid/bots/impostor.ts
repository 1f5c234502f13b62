/**
 * `scripted-impostor`: blends in by faking tasks (it goes to its fake stations in turn and toggles each as
 * often as a real task needs), stalks a crewmate who is alone with it once its kill is ready, and kills
 * only when no other player who is not a teammate is in view — the engine counts as witnesses exactly the
 * players who see the kill, and sight is symmetric. It votes to frame a crewmate (one who voted against
 * its team, else the reporter, else the lowest seat: teammates pick the same), never its teammates, whom
 * it trusts fully.
 */
import { ACTIONS, playerName } from "../events";
import type { PlayerView, TaskView } from "../view";
import { manhattan } from "../geometry";
import type { Rng } from "../../../core/rng";
import type { Bot } from "../../../core/module";
import type { Move } from "./crewmate";
import { approach, facing, unstick } from "./moves";
import { Observations } from "./observations";
import { decisionRng } from "../../../core/bot-rng";
import { placed, seatsOf, viewOf, voteReply, playersOf, type BotRequest } from "./view";

const HISTORY_LINE = /^step=(\d+): .*->act=(\d+)->[^ ]*( \(failed\))?$/;

export class ScriptedImpostor implements Bot {
  private obs: Observations | null = null;
  /** Fake toggles per task name in the current round of the stations. */
  private toggles = new Map<string, number>();
  private lastStep = 0;
  /** The station faced at the end of the latest observed step. */
  private facedTask: { t: number; name: string } | null = null;

  constructor(private readonly seed: number) {}

  observe(request: BotRequest): void {
    const view = viewOf(request);
    (this.obs ??= new Observations(view)).observe(view);
    this.countToggles(view);
  }

  choose(request: BotRequest): unknown {
    const view = viewOf(request);
    switch (request.kind) {
      case "act":
        return this.move(view, decisionRng(this.seed, request));
      case "vote": {
        const team = this.team(view);
        const target = this.frameTarget(view, seatsOf(playersOf(request)));
        const trust = (seat: number) => (team.includes(seat) ? 1 : seat === target ? 0.1 : 0.5);
        const thought = target === null ? "nobody to frame" : `framing ${playerName(target)}`;
        return voteReply(thought, target ?? "skip", trust, playersOf(request));
      }
      case "statement": {
        const target = this.frameTarget(view, seatsOf(view.meeting?.alivePlayers ?? []));
        return {
          thought: "",
          statement:
            target === null ? "I was doing my tasks." : `I was doing my tasks. ${playerName(target)} acted strangely.`,
        };
      }
    }
  }

  private move(view: PlayerView, rng: Rng): Move {
    const team = this.team(view);
    const others = placed(view.visiblePlayers).filter((p) => !team.includes(p.seat));
    if (others.length === 1 && view.allowedActions.includes(ACTIONS.KILL)) {
      return { action: ACTIONS.KILL, thought: `no witness: killing ${playerName(others[0].seat)}` };
    }
    if (others.length === 1 && view.impostor?.killCooldown === 0) {
      const prey = others[0];
      const action = approach(view, this.obs!.map, prey, ACTIONS.KILL, view.oracle?.players[playerName(prey.seat)]);
      if (action !== null) return { action, thought: `${playerName(prey.seat)} is alone` };
    }
    if (view.stallAlert) return { action: unstick(view, rng), thought: "stuck: stepping aside" };
    const station = this.nextStation(view);
    if (station) {
      // The oracle guides an impostor to its nearest fake station, which may be one it already faked enough.
      const oracle = view.oracle;
      const hint = oracle?.bestTarget === station.name ? { dist: null, next: oracle.bestAction } : undefined;
      const action = approach(view, this.obs!.map, station, ACTIONS.DO_TASK, hint);
      if (action !== null) return { action, thought: `faking ${station.name}` };
    }
    return { action: unstick(view, rng), thought: "wandering" };
  }

  /** The nearest fake station not yet toggled as often as its task needs. */
  private nextStation(view: PlayerView): TaskView | null {
    const open = view.tasks.filter((t) => (this.toggles.get(t.name) ?? 0) < t.required);
    const dist = (t: TaskView) => view.oracle?.taskDist[t.name] ?? manhattan(view, t);
    return open.reduce<TaskView | null>((best, t) => (best === null || dist(t) < dist(best) ? t : best), null);
  }

  /**
   * Successful DO_TASK steps in the history, credited to the station faced just before; once every station
   * had its share, a new round starts.
   */
  private countToggles(view: PlayerView): void {
    for (const line of view.history) {
      const m = HISTORY_LINE.exec(line);
      if (!m || Number(m[1]) <= this.lastStep) continue;
      const step = Number(m[1]);
      this.lastStep = step;
      if (Number(m[2]) === ACTIONS.DO_TASK && !m[3] && this.facedTask?.t === step - 1) {
        const name = this.facedTask.name;
        this.toggles.set(name, (this.toggles.get(name) ?? 0) + 1);
      }
    }
    if (view.tasks.every((t) => (this.toggles.get(t.name) ?? 0) >= t.required)) this.toggles.clear();
    const faced = view.tasks.find((t) => facing(view, t));
    this.facedTask = faced ? { t: view.t, name: faced.name } : null;
  }

  private team(view: PlayerView): number[] {
    return seatsOf(view.impostor?.teammates ?? []);
  }

  /** The crewmate to vote against among `candidates` (never itself or a teammate), or null. */
  private frameTarget(view: PlayerView, candidates: readonly number[]): number | null {
    const team = [view.seat, ...this.team(view)];
    const crew = candidates.filter((seat) => !team.includes(seat));
    if (crew.length === 0) return null;
    const accusers = this.obs!.votes.filter(
      (v) => v.target !== "skip" && team.includes(v.target) && crew.includes(v.voter),
    );
    if (accusers.length > 0) return accusers[accusers.length - 1].voter;
    const caller =
      view.meeting?.reason === "report" && view.meeting.caller ? seatsOf([view.meeting.caller])[0] : undefined;
    if (caller !== undefined && crew.includes(caller)) return caller;
    return Math.min(...crew);
  }
}
