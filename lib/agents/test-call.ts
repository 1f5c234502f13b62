/**
 * `testCall`: the submission form's "Test" button. Sends one realistic, static SocialGrid request to the
 * configured agent and reports the validated reply and its latency. Never throws.
 */
import { z } from "zod";
import { agentConfigSchema, createAgent, type AgentOptions } from "./create-agent";
import { agentError, errorMessage } from "./reply";
import { OverageBudget } from "./safe-http";
import type { SocialGridKind } from "./socialgrid-replies";
import type { AgentError, AgentReply, DecisionRequest } from "./types";

export type TestCallResult =
  | { ok: true; latencyMs: number; reply: AgentReply }
  | { ok: false; latencyMs: number; error: AgentError; reply?: AgentReply };

const SYSTEM_PROMPT = [
  "You are Player_2 in SocialGrid, a game on a grid of rooms inspired by Among Us.",
  "Your role: crewmate. Complete your tasks and find the impostor. Impostors fake tasks and kill crewmates.",
  "Actions: 0 MOVE_FORWARD, 1 MOVE_BACKWARD, 2 STRAFE_RIGHT, 3 STRAFE_LEFT, 4 TURN_LEFT, 5 TURN_RIGHT,",
  "6 TURN_BACK, 7 NOOP, 8 DO_TASK, 9 OPEN_DOOR, 10 CLOSE_DOOR, 11 REPORT_DEADBODY, 12 CALL_DISCUSSION.",
  "Answer with a JSON object only.",
].join("\n");

const sampleObservation = {
  step: 14,
  maxSteps: 200,
  you: { seat: 2, name: "Player_2", role: "crewmate", alive: true, pos: { x: 6, y: 3 }, facing: "RIGHT" },
  tasks: [
    { name: "short_task_1", station: { x: 8, y: 3 }, progress: 1, required: 3 },
    { name: "long_task_1", station: { x: 2, y: 11 }, progress: 0, required: 13 },
  ],
  view: {
    origin: { x: 4, y: 1 },
    tiles: ["#####", "#...#", "#.@.T", "#...#", "##D##"],
    players: [{ name: "Player_4", pos: { x: 7, y: 4 }, facing: "UP" }],
    bodies: [],
  },
  emergencyMeetingsLeft: 1,
  recent: ["t=12 MOVE_FORWARD ok", "t=13 MOVE_FORWARD ok"],
};

const base = {
  episodeId: "test-call",
  game: "socialgrid",
  step: 14,
  seat: 2,
  role: "crewmate",
  observation: sampleObservation,
  deadlineMs: 30_000,
} as const;

/** One static request per decision kind, as an episode would send it. */
export const SAMPLE_REQUESTS: Record<SocialGridKind, DecisionRequest> = {
  act: {
    ...base,
    kind: "act",
    prompt: {
      system: SYSTEM_PROMPT,
      user:
        "Step 14. You are at (6,3) facing RIGHT. short_task_1 (1/3) is at (8,3), two tiles ahead. " +
        "Player_4 is at (7,4). Allowed actions: 0,1,2,3,4,5,6,7,9,12.\n" +
        'Reply as {"thought": "...", "action": <code>}.',
    },
    allowedActions: [0, 1, 2, 3, 4, 5, 6, 7, 9, 12],
    maxActions: 1,
  },
  vote: {
    ...base,
    kind: "vote",
    prompt: {
      system: SYSTEM_PROMPT,
      user:
        "Player_0 reported the body of Player_1 in the room east of you. Alive: Player_0, Player_2, Player_3, " +
        "Player_4. You saw Player_4 leave that room at step 12.\n" +
        'Reply as {"thought": "...", "vote": "Player_X" or "skip", "trust_scores": {"Player_0": 0.5, ...}, ' +
        '"statement": "..." or null}.',
    },
    players: ["Player_0", "Player_3", "Player_4"],
  },
  statement: {
    ...base,
    kind: "statement",
    prompt: {
      system: SYSTEM_PROMPT,
      user:
        "Discussion, turn 1. Player_0 reported the body of Player_1. Say one short thing to the others.\n" +
        'Reply as {"thought": "...", "statement": "..."}.',
    },
  },
};

export async function testCall(
  config: unknown,
  options: AgentOptions & { kind?: SocialGridKind } = {},
): Promise<TestCallResult> {
  const parsed = agentConfigSchema.safeParse(config);
  if (!parsed.success) {
    return { ok: false, latencyMs: 0, error: agentError("config", z.prettifyError(parsed.error)) };
  }
  let agent;
  try {
    agent = createAgent(parsed.data, { ...options, budget: options.budget ?? new OverageBudget(0) });
  } catch (err) {
    return { ok: false, latencyMs: 0, error: agentError("config", errorMessage(err)) };
  }
  const reply = await agent.decide(SAMPLE_REQUESTS[options.kind ?? "act"]);
  return reply.error
    ? { ok: false, latencyMs: reply.latencyMs, error: reply.error, reply }
    : { ok: true, latencyMs: reply.latencyMs, reply };
}
