/**
 * `scripted-crewmate`: follows the oracle to its tasks (opening doors on the way), reports every body it
 * sees, presses the emergency button after seeing a kill it could not report, and votes for a player it saw
 * kill (else skips), with trust 0 for such players and 0.5 for everyone else.
 */
import { ACTIONS, playerName } from "../events";
import type { PlayerView } from "../view";
import { manhattan } from "../geometry";
import type { Rng } from "../../../core/rng";
import type { Bot } from "../../../core/module";
import { approach, unstick } from "./moves";
import { Observations } from "./observations";
import { decisionRng } from "../../../core/bot-rng";
import { placed, seatsOf, viewOf, voteReply, playersOf, type BotRequest } from "./view";

export interface Move {
  action: number;
  thought: string;
}

/** A crewmate's move: report a body in view, else call a meeting about a kill it saw, else do its tasks. */
export function crewMove(view: PlayerView, obs: Observations, rng: Rng): Move {
  if (view.stallAlert) return { action: unstick(view, rng), thought: "stuck: stepping aside" };
  const oracle = view.oracle;
  const bodies = placed(view.visibleCorpses).sort((a, b) => manhattan(view, a) - manhattan(view, b));
  for (const body of bodies) {
    const name = playerName(body.seat);
    const action = approach(view, obs.map, body, ACTIONS.REPORT_DEADBODY, oracle?.corpses[`body:${name}`]);
    if (action !== null) return { action, thought: `reporting the body of ${name}` };
  }
  if (obs.killSeenSinceMeeting && view.game.meetingsLeft > 0) {
    const action = approach(view, obs.map, obs.map.button, ACTIONS.CALL_DISCUSSION, oracle?.button);
    if (action !== null) return { action, thought: "I saw a kill: calling a meeting" };
  }
  if (oracle?.bestAction != null && view.allowedActions.includes(oracle.bestAction)) {
    return { action: oracle.bestAction, thought: `towards ${oracle.bestTarget}` };
  }
  const open = view.tasks.filter((t) => !t.done).sort((a, b) => manhattan(view, a) - manhattan(view, b));
  for (const task of open) {
    const action = approach(view, obs.map, task, ACTIONS.DO_TASK);
    if (action !== null) return { action, thought: `towards ${task.name}` };
  }
  if (open.length === 0) return { action: ACTIONS.NOOP, thought: "my tasks are done" };
  return { action: unstick(view, rng), thought: "finding a way" };
}

export class ScriptedCrewmate implements Bot {
  private obs: Observations | null = null;

  constructor(private readonly seed: number) {}

  observe(request: BotRequest): void {
    const view = viewOf(request);
    (this.obs ??= new Observations(view)).observe(view);
  }

  choose(request: BotRequest): unknown {
    const view = viewOf(request);
    const obs = this.obs!;
    switch (request.kind) {
      case "act":
        return crewMove(view, obs, decisionRng(this.seed, request));
      case "vote": {
        const killer = this.seenKiller(playersOf(request));
        const thought = killer === null ? "I saw nothing conclusive" : `I saw ${playerName(killer)} kill`;
        return voteReply(thought, killer ?? "skip", (seat) => (this.isSeenKiller(seat) ? 0 : 0.5), playersOf(request));
      }
      case "statement": {
        const killer = this.seenKiller(view.meeting?.alivePlayers ?? []);
        return {
          thought: "",
          statement: killer === null ? "I saw nothing suspicious." : `I saw ${playerName(killer)} kill.`,
        };
      }
    }
  }

  /** The latest player it saw kill among `names`, or null. */
  private seenKiller(names: readonly string[]): number | null {
    const candidates = seatsOf(names);
    const kills = this.obs!.seenKills.filter((k) => candidates.includes(k.killer));
    return kills.length > 0 ? kills[kills.length - 1].killer : null;
  }

  private isSeenKiller(seat: number): boolean {
    return this.obs!.seenKills.some((k) => k.killer === seat);
  }
}
