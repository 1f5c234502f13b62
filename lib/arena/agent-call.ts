import "server-only";
import type { Agent, AgentError, AgentReply, DecisionRequest } from "@/lib/agents/types";
import type { SeatStatus } from "./events";

/** Extra time past the deadline before the runtime stops waiting for an agent that ignores its deadline. */
export const DEADLINE_GRACE_MS = 1_000;

/**
 * The time limit of one round, shared by all its agent calls (one timer and one abort signal per round,
 * not per call): aborts `signal` when the round's deadline plus grace has passed or the episode stops.
 */
export class RoundDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onStop = () => this.controller.abort(this.stop?.reason);
  /** Resolves when the deadline (plus grace) has passed. */
  readonly overdue: Promise<void>;

  constructor(
    readonly deadlineMs: number,
    private readonly stop?: AbortSignal,
  ) {
    let expire!: () => void;
    this.overdue = new Promise<void>((resolve) => (expire = resolve));
    this.timer = setTimeout(() => {
      this.controller.abort(new Error("deadline passed"));
      expire();
    }, deadlineMs + DEADLINE_GRACE_MS);
    stop?.addEventListener("abort", this.onStop, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose() {
    clearTimeout(this.timer);
    this.stop?.removeEventListener("abort", this.onStop);
  }
}

/**
 * Asks one agent, guarding the contract: an agent that throws, rejects or hangs past its deadline yields
 * a typed error reply instead of stalling or crashing the episode.
 */
export async function callAgent(agent: Agent, request: DecisionRequest, deadline: RoundDeadline): Promise<AgentReply> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return Promise.race([
    Promise.resolve()
      .then(() => agent.decide(request, deadline.signal))
      .catch((err: unknown) => failed({ kind: "internal", message: `agent threw: ${messageOf(err)}` }, elapsed())),
    deadline.overdue.then(() =>
      failed({ kind: "timeout", message: `no reply within ${request.deadlineMs} ms` }, elapsed()),
    ),
  ]);
}

export function seatStatus(error: AgentError | undefined): SeatStatus {
  if (!error) return "ok";
  switch (error.kind) {
    case "timeout":
      return "timeout";
    case "parse":
    case "schema":
    case "illegal_action":
    case "too_large":
      return "invalid";
    default:
      return "error";
  }
}

const failed = (error: AgentError, latencyMs: number): AgentReply => ({ output: undefined, latencyMs, error });

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
