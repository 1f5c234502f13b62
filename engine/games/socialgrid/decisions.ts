import type { DecisionCheck, PendingDecision } from "../../core/game";
import { ACTIONS, ACTION_NAMES } from "./events";
import type { SocialGridState } from "./state";
import { allowedActions } from "./world";

/** Actions for the next env step (length 1), or up to `maxMacroActions` queued actions in macro mode. */
export interface ActDecision {
  kind: "act";
  actions: number[];
}

export interface VoteDecision {
  kind: "vote";
  /** Target seat or "skip". Invalid targets are turned into skip (and flagged) by the engine. */
  vote: number | "skip";
  /** Trust that each other live player is a crewmate, in [0,1], keyed by seat as a string. */
  trust: Record<string, number>;
  thought: string;
  /** A vote the engine repaired to skip, in episodes recorded before replies were checked at the agent (kept for replays). */
  invalidTarget?: string;
}

export interface StatementDecision {
  kind: "statement";
  text: string;
}

export type SocialGridDecision = ActDecision | VoteDecision | StatementDecision;
export type DecisionKind = SocialGridDecision["kind"];

const KIND_BY_PHASE = { task: "act", vote: "vote", discussion: "statement", over: null } as const;

/** The decision a seat owes now, or null. Task phase: live players with an empty action queue. */
export function pendingKindOf(state: SocialGridState, seat: number): DecisionKind | null {
  const kind = KIND_BY_PHASE[state.phase.kind];
  const p = state.players[seat];
  if (kind === null || !p?.alive || (kind === "act" && p.queue.length > 0)) return null;
  return kind;
}

/** Seats that must decide before the next `step`. */
export function pendingDecisions(state: SocialGridState): PendingDecision<DecisionKind>[] {
  const out: PendingDecision<DecisionKind>[] = [];
  for (const p of state.players) {
    const kind = pendingKindOf(state, p.seat);
    if (kind) out.push({ seat: p.seat, kind });
  }
  return out;
}

export const someoneMustDecide = (state: SocialGridState): boolean =>
  state.players.some((p) => pendingKindOf(state, p.seat) !== null);

export function fallbackDecision(state: SocialGridState, seat: number): SocialGridDecision {
  if (state.phase.kind === "vote") {
    const trust: Record<string, number> = {};
    for (const p of state.players) if (p.alive && p.seat !== seat) trust[String(p.seat)] = 0.5;
    return { kind: "vote", vote: "skip", trust, thought: "" };
  }
  if (state.phase.kind === "discussion") return { kind: "statement", text: "" };
  return { kind: "act", actions: [ACTIONS.NOOP] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const fail = (error: string): DecisionCheck<SocialGridDecision> => ({ ok: false, error });

/**
 * Checks a decision for a seat against the rules; never throws. Decisions come from the agents' replies,
 * already in the engine's shape (replies.ts), and from stored logs, so this checks legality, not reply formats.
 */
export function validateDecision(
  state: SocialGridState,
  seat: number,
  raw: unknown,
): DecisionCheck<SocialGridDecision> {
  const pending = pendingKindOf(state, seat);
  if (!pending) return fail(`Player_${seat} is not expected to decide now (phase ${state.phase.kind})`);
  if (!isRecord(raw)) return fail("decision must be an object");
  if (raw.kind !== pending) return fail(`expected a "${pending}" decision, got "${String(raw.kind)}"`);
  switch (pending) {
    case "act":
      return validateAct(state, seat, raw.actions);
    case "vote":
      return validateVote(raw);
    case "statement":
      return typeof raw.text === "string"
        ? { ok: true, decision: { kind: "statement", text: raw.text } }
        : fail("a statement needs a string `text`");
  }
}

function validateAct(state: SocialGridState, seat: number, actions: unknown): DecisionCheck<SocialGridDecision> {
  if (!Array.isArray(actions) || actions.length === 0)
    return fail("an act needs `actions`, a non-empty list of action codes");
  const max = state.config.macroMode ? state.config.maxMacroActions : 1;
  if (actions.length > max) {
    const why = state.config.macroMode ? "" : " (macro mode is off)";
    return fail(`at most ${max} action${max === 1 ? "" : "s"} per decision${why}`);
  }
  for (const a of actions) {
    if (!Number.isInteger(a) || !(a in ACTION_NAMES))
      return fail(`unknown action ${JSON.stringify(a)} (valid codes: 0-13)`);
    if (a === ACTIONS.KILL && state.players[seat].role !== "impostor") {
      return fail("action 13 (KILL) is only available to impostors");
    }
  }
  const allowed = allowedActions(state, seat);
  if (!allowed.includes(actions[0])) {
    return fail(`action ${actions[0]} (${ACTION_NAMES[actions[0]]}) is not in ALLOWED_ACTIONS [${allowed.join(",")}]`);
  }
  return { ok: true, decision: { kind: "act", actions: actions as number[] } };
}

/** A vote for a seat or "skip"; a seat that may not be voted for becomes skip when the votes are counted (flagged). */
function validateVote(raw: Record<string, unknown>): DecisionCheck<SocialGridDecision> {
  const { vote, trust, thought, invalidTarget } = raw;
  if (vote !== "skip" && !Number.isInteger(vote)) return fail('a vote names a seat or "skip"');
  if (!isRecord(trust)) return fail("a vote needs `trust`, scores keyed by seat");
  const scores: Record<string, number> = {};
  for (const [key, value] of Object.entries(trust)) {
    // Scores of keys that name no seat, or that are not numbers, count as missing (0.5, flagged).
    if (/^\d+$/.test(key) && typeof value === "number" && Number.isFinite(value))
      scores[key] = Math.min(1, Math.max(0, value));
  }
  const decision: VoteDecision = {
    kind: "vote",
    vote: vote as number | "skip",
    trust: scores,
    thought: typeof thought === "string" ? thought : "",
  };
  if (typeof invalidTarget === "string") decision.invalidTarget = invalidTarget;
  return { ok: true, decision };
}
