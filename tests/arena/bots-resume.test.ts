/**
 * Crash-resume: the runner rebuilds an episode from its recorded decisions and replays each seat's recorded
 * requests into its fresh agent (`restore`). Bots with memory must then decide exactly as if never stopped.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "@/engine/core/game";
import { engineEvents, isDecisionsEvent, recordedDecisions } from "@/lib/arena/events";
import { socialgridModule as socialgridArena } from "@/engine/games/socialgrid/module";
import { EpisodeSession, type SeatAgents } from "@/lib/arena/session";
import { createAgent } from "@/lib/agents/create-agent";
import type { Agent } from "@/lib/agents/types";

const config = { voteEvery: 30, maxSteps: 300 };
const seed = 4;
const episodeId = "resume-test";
const lineup = [
  "detective",
  "scripted-crewmate",
  "detective",
  "scripted-impostor",
  "detective",
  "scripted-crewmate",
  "detective",
];
const options = { episodeId, deadlineMs: 5_000 };

const freshAgents = (): Map<number, Agent> =>
  new Map(lineup.map((name, seat) => [seat, createAgent({ kind: "builtin", name, seed: 7 })]));

/** The same agents without `restore`: what a resume would be if bots kept memory the runner cannot rebuild. */
const forgetful = (agents: Map<number, Agent>): SeatAgents =>
  new Map([...agents].map(([seat, agent]) => [seat, { id: agent.id, kind: agent.kind, decide: agent.decide }]));

async function playToEnd(session: EpisodeSession, agents: SeatAgents) {
  while (!session.terminal) await session.playRound(agents, options);
}

/** The log as stored up to (excluding) the round `round`: what a crashed runner leaves behind. */
function logBefore(log: readonly GameEvent[], round: number): GameEvent[] {
  const at = log.findIndex((e) => isDecisionsEvent(e) && e.round === round);
  return log.slice(0, at);
}

describe("built-in bots after a crash-resume", () => {
  it("decide exactly as in an uninterrupted run", async () => {
    const reference = EpisodeSession.start(socialgridArena, config, seed);
    await playToEnd(reference, freshAgents());
    const votes = engineEvents(reference.log).filter((e) => e.type === "vote_start").length;
    expect(votes).toBeGreaterThanOrEqual(2);
    expect(reference.round).toBeGreaterThan(100);

    let forgetfulDiverged = false;
    for (const cut of [Math.floor(reference.round / 3), Math.floor((2 * reference.round) / 3)]) {
      const stored = logBefore(reference.log, cut);
      const agents = freshAgents();
      const resumed = EpisodeSession.resume(socialgridArena, config, seed, stored, { agents, ...options });
      expect(resumed.round).toBe(cut - 1);
      await playToEnd(resumed, agents);
      expect(recordedDecisions(resumed.log)).toEqual(recordedDecisions(reference.log));
      expect(engineEvents(resumed.log)).toEqual(engineEvents(reference.log));

      const amnesiac = EpisodeSession.resume(socialgridArena, config, seed, stored);
      await playToEnd(amnesiac, forgetful(freshAgents()));
      forgetfulDiverged ||=
        JSON.stringify(recordedDecisions(amnesiac.log)) !== JSON.stringify(recordedDecisions(reference.log));
    }
    // The memory matters: without replaying it, the same bots play differently.
    expect(forgetfulDiverged).toBe(true);
  });
});
