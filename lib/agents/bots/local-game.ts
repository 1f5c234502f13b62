/**
 * Plays one SocialGrid game in memory, straight on the engine (no database, no prompts rendered: built-in
 * bots read only the structured view). For tests, evaluations and baselines; the arena's runner plays
 * stored episodes with the same requests plus prompts.
 */
import {
  pendingDecisions,
  playerView,
  socialgrid,
  type Role,
  type SocialGridConfigInput,
  type SocialGridEvent,
  type SocialGridState,
} from "../../../engine/games/socialgrid";
import type { Agent, DecisionRequest } from "../types";

export interface LocalGame {
  config: SocialGridConfigInput;
  seed: number;
  /** Default: `local-<seed>` (bots seed their randomness with it). */
  episodeId?: string;
  /** The agent of a seat, chosen once roles are dealt. */
  agentFor(seat: number, role: Role): Agent;
}

export interface LocalGameResult {
  events: SocialGridEvent[];
  state: SocialGridState;
  agents: Agent[];
  /** Every request each seat was asked, in order. */
  requests: DecisionRequest[][];
  /** Replies that failed (their seats got the engine's fallback). */
  failures: number;
}

export async function playLocalGame(game: LocalGame): Promise<LocalGameResult> {
  const setup = socialgrid.setup(socialgrid.configSchema.parse(game.config), game.seed);
  let state = setup.state;
  const events: SocialGridEvent[] = [...setup.events];
  const agents = state.players.map((p) => game.agentFor(p.seat, p.role));
  const requests: DecisionRequest[][] = agents.map(() => []);
  const episodeId = game.episodeId ?? `local-${game.seed}`;
  let failures = 0;
  while (!socialgrid.isTerminal(state)) {
    const asked = pendingDecisions(state).map(({ seat, kind }) => {
      const request = requestFor(state, seat, kind, episodeId);
      requests[seat].push(request);
      return agents[seat].decide(request).then((reply) => [seat, reply] as const);
    });
    const decisions: Record<number, unknown> = {};
    for (const [seat, reply] of await Promise.all(asked)) {
      if (reply.error) failures++;
      else decisions[seat] = reply.output;
    }
    const out = socialgrid.step(state, decisions as Parameters<typeof socialgrid.step>[1]);
    state = out.state;
    events.push(...out.events);
  }
  return { events, state, agents, requests, failures };
}

function requestFor(
  state: SocialGridState,
  seat: number,
  kind: DecisionRequest["kind"],
  episodeId: string,
): DecisionRequest {
  const view = playerView(state, seat);
  return {
    episodeId,
    game: socialgrid.id,
    step: view.t,
    seat,
    role: view.role,
    kind,
    observation: view,
    prompt: { system: "", user: "" },
    ...(kind === "act" && {
      allowedActions: view.allowedActions,
      maxActions: state.config.macroMode ? state.config.maxMacroActions : 1,
    }),
    ...(kind === "vote" && { players: (view.meeting?.allowedVotes ?? []).filter((name) => name !== "skip") }),
    deadlineMs: 10_000,
  };
}
