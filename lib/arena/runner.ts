import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { GameEvent } from "@/engine/core/game";
import type { Agent } from "@/lib/agents/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AgentFactory } from "./agents";
import type { ArenaBus, LifecycleChange } from "./bus";
import { engineEvents, isAgentErrorEvent } from "./events";
import { EventWriter, LeaseLostError } from "./event-writer";
import type { AnyGameModule } from "@/engine/core/module";
import { type GameRegistry, gameIn } from "@/lib/games/registry";
import type { Logger } from "./log";
import { EpisodeSession } from "./session";
import {
  claimEpisode,
  episodeSummary,
  failEpisode,
  finishEpisode,
  loadEpisode,
  readAllEvents,
  releaseLease,
  renewLease,
  setRoles,
  type StoredEpisode,
} from "./store";

export interface RunnerOptions {
  prisma: PrismaClient;
  games: GameRegistry;
  bus: ArenaBus;
  /** This process's lease owner id. */
  owner: string;
  leaseMs: number;
  decisionTimeoutMs: number;
  createAgent: AgentFactory;
  logger: Logger;
  /** Pause between rounds of demo episodes. */
  demoStepMs?: number;
  /** Pause between rounds of every other episode (0: as fast as the agents reply). */
  stepDelayMs?: number;
  /** Per-seat metrics of a finished episode; default: the game's own `metrics` hook. */
  computeMetrics?: (game: AnyGameModule, events: GameEvent[]) => unknown;
  /** Buffered, uncommitted events above which a fast episode waits for the database. */
  maxPendingEvents?: number;
  /** See `EventWriterOptions.minCommitIntervalMs`. Default 25 ms. */
  minCommitIntervalMs?: number;
}

/**
 * - `finished` / `failed`: the episode ended here.
 * - `released`: stopped by shutdown; the lease was given up so another process resumes it.
 * - `lost`: another process took the lease over (ours expired); nothing more was written.
 * - `skipped`: someone else holds it, or it already ended.
 */
export type RunOutcome = "finished" | "failed" | "released" | "lost" | "skipped";

class EpisodeFailure extends Error {
  override name = "EpisodeFailure";
}

const defaultMetrics = (game: AnyGameModule, events: GameEvent[]) => game.metrics?.(engineEvents(events)) ?? null;

/** Runs episodes from the database: claims one, plays (or resumes) it to the end and records everything. */
export class EpisodeRunner {
  constructor(private readonly options: RunnerOptions) {}

  async run(episodeId: string, shutdown?: AbortSignal): Promise<RunOutcome> {
    const { prisma, owner, leaseMs } = this.options;
    const log = this.options.logger.child({ episodeId });
    if (shutdown?.aborted) return "skipped";
    if (!(await claimEpisode(prisma, episodeId, owner, leaseMs))) return "skipped";

    const leaseLost = new AbortController();
    const renewal = setInterval(
      () => {
        renewLease(prisma, episodeId, owner, leaseMs).then(
          (held) => held || leaseLost.abort(new LeaseLostError(`lease of ${episodeId} lost`)),
          (err: unknown) => log.warn({ err }, "lease renewal failed"),
        );
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    const stop = shutdown ? AbortSignal.any([shutdown, leaseLost.signal]) : leaseLost.signal;

    try {
      const outcome = await this.play(episodeId, stop, log);
      if (outcome === "interrupted") {
        if (leaseLost.signal.aborted) {
          log.warn("lease lost; another process continues the episode");
          return "lost";
        }
        await releaseLease(prisma, episodeId, owner);
        log.info("stopped for shutdown; lease released for resumption");
        return "released";
      }
      return outcome;
    } catch (err) {
      if (err instanceof LeaseLostError) {
        log.warn({ err: err.message }, "lease lost; another process continues the episode");
        return "lost";
      }
      const reason =
        err instanceof Error ? `${err.name === "EpisodeFailure" ? "" : `${err.name}: `}${err.message}` : String(err);
      log.error({ err }, "episode failed");
      if (await failEpisode(prisma, episodeId, owner, reason).catch(() => false)) {
        await this.announce(episodeId, "failed");
      }
      return "failed";
    } finally {
      clearInterval(renewal);
    }
  }

  private async play(episodeId: string, stop: AbortSignal, log: Logger): Promise<"finished" | "interrupted"> {
    const { prisma, owner, leaseMs, bus } = this.options;
    const episode = await loadEpisode(prisma, episodeId);
    if (!episode) throw new EpisodeFailure(`episode ${episodeId} does not exist`);
    const game = gameIn(this.options.games, episode.game);
    if (!game) throw new EpisodeFailure(`this process does not know the game "${episode.game}"`);
    if (game.definition.rulesetVersion !== episode.rulesetVersion) {
      throw new EpisodeFailure(
        `episode uses ${episode.game} ruleset ${episode.rulesetVersion}, this process has ${game.definition.rulesetVersion}`,
      );
    }
    const agents = this.createAgents(episode);
    const deadlineMs = this.options.decisionTimeoutMs;

    const stored = (await readAllEvents(prisma, episodeId)).map((e) => e.payload);
    if (stored.length !== episode.eventCount) {
      throw new EpisodeFailure(`log has ${stored.length} events but the episode counts ${episode.eventCount}`);
    }
    const session =
      stored.length === 0
        ? EpisodeSession.start(game, episode.config, episode.seed)
        : EpisodeSession.resume(game, episode.config, episode.seed, stored, { agents, episodeId, deadlineMs });

    const writer = new EventWriter({
      prisma,
      episodeId,
      owner,
      leaseMs,
      stored: stored.length,
      minCommitIntervalMs: this.options.minCommitIntervalMs ?? 25,
      onCommitted: (events) => {
        bus
          .publish({ kind: "events", episodeId, game: episode.game, events })
          .catch((err: unknown) => log.warn({ err }, "publishing live events failed"));
      },
    });
    if (stored.length === 0) {
      writer.push(session.log);
      await setRoles(
        prisma,
        episodeId,
        new Map(episode.participants.map((p) => [p.seat, game.roleOf(session.state, p.seat)])),
      );
      log.info({ game: episode.game, seed: episode.seed }, "episode started");
    } else {
      log.info({ resumedAt: stored.length, round: session.round }, "episode resumed from its recorded decisions");
    }
    await this.announce(episodeId, "started");

    const pause = episode.demo ? (this.options.demoStepMs ?? 0) : (this.options.stepDelayMs ?? 0);
    const maxPending = this.options.maxPendingEvents ?? 5_000;
    while (!session.terminal && !stop.aborted) {
      const started = performance.now();
      const events = await session.playRound(agents, { episodeId, deadlineMs, signal: stop });
      if (!events) break;
      writer.push(events);
      for (const e of events.filter(isAgentErrorEvent)) {
        log.warn({ agentId: e.agentId, seat: e.seat, kind: e.kind, message: e.message }, "agent failed; fallback used");
      }
      if (writer.pendingCount > maxPending) await writer.flush();
      const wait = pause - (performance.now() - started);
      if (wait > 0) await sleep(wait, stop);
      else await yieldToEventLoop();
    }
    await writer.flush();
    if (!session.terminal) return "interrupted";

    const result = session.result();
    const metrics = (this.options.computeMetrics ?? defaultMetrics)(game, session.log);
    if (!(await finishEpisode(prisma, episodeId, owner, { result, metrics }))) {
      throw new LeaseLostError(`episode ${episodeId} was taken over before it could be marked finished`);
    }
    log.info({ events: writer.committedCount, rounds: session.round, result }, "episode finished");
    await this.announce(episodeId, "finished");
    return "finished";
  }

  private createAgents(episode: StoredEpisode): Map<number, Agent> {
    const agents = new Map<number, Agent>();
    for (const p of episode.participants) {
      try {
        agents.set(p.seat, this.options.createAgent(p.agent, p.seat, episode.id));
      } catch (err) {
        throw new EpisodeFailure(
          `agent ${p.agent.name} (seat ${p.seat}) cannot be created: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    return agents;
  }

  private async announce(episodeId: string, change: LifecycleChange) {
    try {
      const episode = await episodeSummary(this.options.prisma, episodeId);
      if (episode) await this.options.bus.publish({ kind: "lifecycle", change, episode });
    } catch (err) {
      this.options.logger.warn({ err, episodeId }, `announcing ${change} failed`);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
