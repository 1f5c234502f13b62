/**
 * A full-length SocialGrid episode for the viewer benchmark, played in memory through the runtime's own
 * EpisodeSession (so the log has the real shape: decisions with per-seat meta, engine events): default
 * config, built-in style agents that wander, do tasks and open doors but never kill, report or call
 * meetings, and skip every scheduled vote with random trust scores — so it runs the whole 2,500 env steps.
 */
import { Rng } from "../engine/core/rng";
import { ACTIONS, ACTION_NAMES, type SocialGridState } from "../engine/games/socialgrid";
import type { SeatRequest } from "../engine/core/module";
import type { BotRequest } from "../engine/games/socialgrid/bots/view";
import { socialgridModule as socialgridArena } from "../engine/games/socialgrid/module";
import { botAgent } from "../lib/agents/builtins";
import type { Agent } from "../lib/agents/types";
import type { LoggedEvent } from "../lib/arena/events";
import { EXPORT_FORMAT, type ExportHeader } from "../lib/arena/export";
import { EpisodeSession } from "../lib/arena/session";

const NEVER = new Set<number>([ACTIONS.KILL, ACTIONS.REPORT_DEADBODY, ACTIONS.CALL_DISCUSSION]);
const AGENT_ID = "bench-wanderer";

function wanderer(seed: number): Agent {
  const rng = Rng.seeded(seed);
  const choose = (seatRequest: SeatRequest) => {
    const request = seatRequest as BotRequest;
    const { payload } = request;
    if ("allowed_actions" in payload) {
      const allowed = payload.allowed_actions.filter((a) => !NEVER.has(a));
      const action = allowed.length > 0 ? rng.pick(allowed) : ACTIONS.NOOP;
      return { thought: `wandering: ${ACTION_NAMES[action].toLowerCase()}`, action };
    }
    if ("players" in payload) {
      const players = payload.players;
      const trust = Object.fromEntries(players.map((name) => [name, Math.round(rng.float() * 100) / 100]));
      return { thought: "Nothing conclusive seen yet; skipping.", vote: "skip", trust_scores: trust };
    }
    return { thought: "", statement: "Nothing to report." };
  };
  return botAgent(AGENT_ID, () => ({ choose }));
}

export async function fullLengthEpisode(seed = 4242): Promise<{ header: ExportHeader; events: LoggedEvent[] }> {
  const config = socialgridArena.definition.configSchema.parse({});
  const session = EpisodeSession.start<SocialGridState>(socialgridArena, config, seed);
  const agents = new Map(Array.from({ length: config.players }, (_, seat) => [seat, wanderer(seed * 31 + seat)]));
  while (!session.terminal) {
    const events = await session.playRound(agents, { episodeId: "bench", deadlineMs: 5_000 });
    if (!events) throw new Error("round aborted");
  }
  const now = new Date().toISOString();
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    episodeId: `bench${seed}x${Date.now().toString(36)}`,
    game: "socialgrid",
    rulesetVersion: socialgridArena.definition.rulesetVersion,
    config,
    seed,
    status: "finished",
    failureReason: null,
    result: session.result(),
    metrics: null,
    demo: false,
    eventCount: session.log.length,
    createdAt: now,
    startedAt: now,
    finishedAt: now,
    participants: Array.from({ length: config.players }, (_, seat) => ({
      seat,
      role: socialgridArena.roleOf(session.state, seat),
      agentId: AGENT_ID,
      agentName: AGENT_ID,
      agentKind: "builtin" as const,
    })),
  };
  return { header, events: session.log.map((payload, i) => ({ seq: i + 1, type: payload.type, payload })) };
}
