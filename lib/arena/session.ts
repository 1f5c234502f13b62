import "server-only";
import type { GameEvent, PendingDecision } from "@/engine/core/game";
import { type AnyGameModule, type SeatPrompt, seatRequest } from "@/engine/core/module";
import { agentError } from "@/lib/agents/reply";
import type { Agent, AgentError, AgentReply, DecisionRequest } from "@/lib/agents/types";
import { callAgent, RoundDeadline, seatStatus } from "./agent-call";
import {
  engineEvents,
  isDecisionsEvent,
  type AgentErrorEvent,
  type DecisionsEvent,
  type SeatDecisionMeta,
} from "./events";
import { asStoredJson, firstJsonDifference } from "./json";

/** One recorded decision, given to a resumable agent so it can rebuild its memory after a resume. */
export interface RecordedTurn {
  request: DecisionRequest;
  decision: unknown;
  meta: SeatDecisionMeta;
}

/**
 * An agent with memory that must survive a resume. Before the first new decision, the runtime calls
 * `restore` once per recorded turn of its seat, in order, instead of `decide`.
 */
export interface ResumableAgent extends Agent {
  restore(turn: RecordedTurn): void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

type CheckedDecision = { ok: true; decision: unknown } | { ok: false; error: AgentError };

/**
 * The request of a pending seat: the game's payload, the prompt rendered on first read (built-in bots read
 * only the payload; rendering every seat's prompt every round would be most of their episodes' cost;
 * serialising the request or reading `prompt` renders it), the deadline and the kind's spec.
 */
export function decisionRequest(
  game: AnyGameModule,
  state: unknown,
  pending: PendingDecision,
  context: { episodeId: string; round: number; deadlineMs: number; agent: Agent },
): DecisionRequest {
  const spec = game.decisions[pending.kind];
  if (!spec) throw new Error(`${game.title} has no "${pending.kind}" decision`);
  const { request, prompt } = seatRequest(game, state, pending, {
    episodeId: context.episodeId,
    round: context.round,
    options: context.agent.options?.[game.id],
  });
  let rendered: SeatPrompt | undefined;
  return Object.defineProperties({ ...request, deadlineMs: context.deadlineMs } as DecisionRequest, {
    prompt: {
      enumerable: true,
      get: () => {
        rendered ??= prompt();
        return rendered;
      },
    },
    // The kind's schemas travel with the request for the agent's use, never serialised.
    spec: { enumerable: false, value: spec },
  });
}

const isResumable = (agent: Agent): agent is ResumableAgent =>
  typeof (agent as Partial<ResumableAgent>).restore === "function";

export class ReplayMismatchError extends Error {
  override name = "ReplayMismatchError";
}

export interface RoundOptions {
  episodeId: string;
  deadlineMs: number;
  signal?: AbortSignal;
}

interface SeatOutcome {
  pending: PendingDecision;
  agent: Agent;
  reply: AgentReply;
  checked: CheckedDecision;
}

/** The agents of an episode by seat. */
export type SeatAgents = ReadonlyMap<number, Agent>;

/**
 * One episode in memory: the engine state, the round counter and the log so far. Pure apart from asking
 * agents; storing and streaming the events is the runner's job.
 */
export class EpisodeSession<S = unknown> {
  private constructor(
    readonly game: AnyGameModule,
    private current: S,
    private rounds: number,
    /** Every event of the log so far, runtime events included, as stored. */
    readonly log: GameEvent[],
  ) {}

  /** Sets a game up; the returned session's log holds the setup events. */
  static start<S>(game: AnyGameModule, config: unknown, seed: number): EpisodeSession<S> {
    const parsed = game.definition.configSchema.parse(config);
    const setup = game.definition.setup(parsed, seed);
    // The caller names the game's state type (a registry holds modules of any game).
    return new EpisodeSession(game, setup.state as S, 0, asStoredJson(setup.events));
  }

  /**
   * Rebuilds a session from a stored log by stepping the engine through its recorded decisions (no agent
   * is asked), checks that this reproduces every stored engine event, and lets resumable agents replay
   * their turns. Throws `ReplayMismatchError` when the log does not match the engine.
   */
  static resume<S>(
    game: AnyGameModule,
    config: unknown,
    seed: number,
    log: readonly GameEvent[],
    restore?: { agents: SeatAgents; episodeId: string; deadlineMs: number },
  ): EpisodeSession<S> {
    const session = EpisodeSession.start<S>(game, config, seed);
    const produced = [...session.log];
    for (const event of log.filter(isDecisionsEvent)) {
      if (event.round !== session.rounds + 1) {
        throw new ReplayMismatchError(`decisions of round ${event.round} follow round ${session.rounds}`);
      }
      if (restore) session.restoreAgents(event, restore);
      produced.push(...session.applyStep(event.decisions));
    }
    const stored = engineEvents(log);
    const diff = firstJsonDifference(produced, stored);
    if (diff !== -1) {
      throw new ReplayMismatchError(
        `replaying the recorded decisions gives a different engine event #${diff + 1} ` +
          `(${produced[diff]?.type ?? "none"} instead of the stored ${stored[diff]?.type ?? "none"})`,
      );
    }
    session.log.splice(0, session.log.length, ...log);
    return session;
  }

  get state(): S {
    return this.current;
  }

  get round(): number {
    return this.rounds;
  }

  get terminal(): boolean {
    return this.game.definition.isTerminal(this.current);
  }

  pending(): PendingDecision[] {
    return this.game.definition.pending(this.current);
  }

  result(): unknown {
    return this.game.definition.result(this.current);
  }

  /**
   * Asks every pending seat's agent at once, falls back for failed seats and steps the engine. Returns the
   * round's events (agent errors, decisions, engine events), or null when aborted before the step.
   */
  async playRound(agents: SeatAgents, options: RoundOptions): Promise<GameEvent[] | null> {
    const round = this.rounds + 1;
    const state = this.current;
    const deadline = new RoundDeadline(options.deadlineMs, options.signal);
    const outcomes = await Promise.all(
      this.pending().map(async (pending): Promise<SeatOutcome> => {
        const agent = agents.get(pending.seat);
        if (!agent) throw new Error(`no agent for seat ${pending.seat}`);
        const context = { episodeId: options.episodeId, agent, round, deadlineMs: options.deadlineMs };
        let request: DecisionRequest;
        try {
          request = decisionRequest(this.game, state, pending, context);
        } catch (err) {
          const error: AgentError = { kind: "internal", message: `the request could not be built: ${messageOf(err)}` };
          return { pending, agent, reply: { output: undefined, latencyMs: 0, error }, checked: { ok: false, error } };
        }
        const reply = await callAgent(agent, request, deadline);
        return {
          pending,
          agent,
          reply,
          checked: reply.error ? { ok: false, error: reply.error } : this.check(pending, reply),
        };
      }),
    ).finally(() => deadline.dispose());
    if (options.signal?.aborted) return null;

    const decisions: Record<string, unknown> = {};
    const seats: Record<string, SeatDecisionMeta> = {};
    const errors: AgentErrorEvent[] = [];
    for (const { pending, agent, reply, checked } of outcomes) {
      const seat = pending.seat;
      decisions[seat] = checked.ok ? checked.decision : this.game.definition.fallbackDecision(state, seat);
      seats[seat] = {
        agentId: agent.id,
        agentKind: agent.kind,
        status: checked.ok ? "ok" : seatStatus(checked.error),
        latencyMs: reply.latencyMs,
        ...(reply.thought !== undefined && { thought: reply.thought }),
        ...(reply.usage && { usage: reply.usage }),
      };
      if (!checked.ok) {
        errors.push({
          type: "agent_error",
          round,
          seat,
          agentId: agent.id,
          agentKind: agent.kind,
          kind: checked.error.kind,
          message: checked.error.message,
          ...(checked.error.raw !== undefined && { raw: checked.error.raw }),
          latencyMs: reply.latencyMs,
          ...(reply.usage && { usage: reply.usage }),
        });
      }
    }
    const decisionsEvent: DecisionsEvent = asStoredJson({ type: "decisions", round, decisions, seats });
    const events: GameEvent[] = [...asStoredJson(errors), decisionsEvent, ...this.applyStep(decisionsEvent.decisions)];
    this.log.push(...events);
    return events;
  }

  /** An agent's decoded decision judged by the rules (e.g. an action that is not legal now). */
  private check(pending: PendingDecision, reply: AgentReply): CheckedDecision {
    try {
      const check = this.game.definition.validateDecision(this.current, pending.seat, reply.decision);
      if (check.ok) return check;
      return { ok: false, error: agentError("illegal_action", check.error, JSON.stringify(reply.output ?? null)) };
    } catch (err) {
      return {
        ok: false,
        error: { kind: "internal", message: `the decision could not be checked: ${messageOf(err)}` },
      };
    }
  }

  /** Steps the engine; the decisions are used in their stored (JSON) form so a resumed run sees the same input. */
  private applyStep(decisions: Record<string, unknown>): GameEvent[] {
    const out = this.game.definition.step(this.current, decisions as Record<number, unknown>);
    this.current = out.state as S;
    this.rounds += 1;
    return asStoredJson(out.events);
  }

  private restoreAgents(event: DecisionsEvent, restore: { agents: SeatAgents; episodeId: string; deadlineMs: number }) {
    for (const pending of this.pending()) {
      const agent = restore.agents.get(pending.seat);
      const meta = event.seats[pending.seat];
      if (!agent || !isResumable(agent) || !meta) continue;
      const request = decisionRequest(this.game, this.current, pending, {
        episodeId: restore.episodeId,
        agent,
        round: event.round,
        deadlineMs: restore.deadlineMs,
      });
      agent.restore({ request, decision: event.decisions[pending.seat], meta });
    }
  }
}
