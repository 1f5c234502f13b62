import type { Agent, AgentError, AgentReply, DecisionRequest } from "@/lib/agents/types";
import type { SeatStatus } from "./events";

/** Extra time past the deadline before the runtime stops waiting for an agent that ignores its deadline. */
export const DEADLINE_GRACE_MS = 1_000;

/**
 * Asks one agent, guarding the contract: an agent that throws, rejects or hangs past its deadline yields
 * a typed error reply instead of stalling or crashing the episode.
 */
export async function callAgent(agent: Agent, request: DecisionRequest, signal?: AbortSignal): Promise<AgentReply> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", abort, { once: true });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<AgentReply>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error("deadline passed"));
      resolve(failed({ kind: "timeout", message: `no reply within ${request.deadlineMs} ms` }, elapsed()));
    }, request.deadlineMs + DEADLINE_GRACE_MS);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(() => agent.decide(request, controller.signal))
        .catch((err: unknown) => failed({ kind: "internal", message: `agent threw: ${messageOf(err)}` }, elapsed())),
      overdue,
    ]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
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
