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
  /** The raw vote text when it named no player at all (recorded as the flag of the skip it becomes). */
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

/** "Player_3", "player3", "3" or 3 → 3; anything else → null. */
export function parseSeat(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  const m = /^\s*(?:player[_\s]?)?(\d+)\s*$/i.exec(value);
  return m ? Number(m[1]) : null;
}

const parseActionCode = (value: unknown): number | null => {
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
};

const fail = (error: string): DecisionCheck<SocialGridDecision> => ({ ok: false, error });

/**
 * Checks an untrusted decision (e.g. an agent's parsed JSON) for a seat; never throws. Accepts the paper's
 * output keys too: `action` for `actions`, `trust_scores` for `trust`, "Player_k" for seats.
 */
export function validateDecision(
  state: SocialGridState,
  seat: number,
  raw: unknown,
): DecisionCheck<SocialGridDecision> {
  const pending = pendingKindOf(state, seat);
  if (!pending) return fail(`Player_${seat} is not expected to decide now (phase ${state.phase.kind})`);
  if (!isRecord(raw)) return fail("decision must be a JSON object");
  const kind = raw.kind ?? pending;
  if (kind !== pending) return fail(`expected a "${pending}" decision, got "${String(kind)}"`);
  switch (pending) {
    case "act":
      return validateAct(state, seat, raw);
    case "vote":
      return validateVote(raw);
    case "statement": {
      const text = raw.text ?? raw.statement;
      if (typeof text !== "string") return fail("statement decision needs a string `text`");
      return { ok: true, decision: { kind: "statement", text: text.trim() } };
    }
  }
}

function validateAct(
  state: SocialGridState,
  seat: number,
  raw: Record<string, unknown>,
): DecisionCheck<SocialGridDecision> {
  const list = Array.isArray(raw.actions) ? raw.actions : raw.action !== undefined ? [raw.action] : null;
  if (!list || list.length === 0) return fail("act decision needs `actions` (a non-empty list of action codes)");
  const max = state.config.macroMode ? state.config.maxMacroActions : 1;
  if (list.length > max) {
    const why = state.config.macroMode ? "" : " (macro mode is off)";
    return fail(`at most ${max} action${max === 1 ? "" : "s"} per decision${why}`);
  }
  const actions: number[] = [];
  for (const value of list) {
    const a = parseActionCode(value);
    if (a === null || !(a in ACTION_NAMES)) return fail(`unknown action ${JSON.stringify(value)} (valid codes: 0-13)`);
    if (a === ACTIONS.KILL && state.players[seat].role !== "impostor") {
      return fail("action 13 (KILL) is only available to impostors");
    }
    actions.push(a);
  }
  const allowed = allowedActions(state, seat);
  if (!allowed.includes(actions[0])) {
    return fail(`action ${actions[0]} (${ACTION_NAMES[actions[0]]}) is not in ALLOWED_ACTIONS [${allowed.join(",")}]`);
  }
  return { ok: true, decision: { kind: "act", actions } };
}

function validateVote(raw: Record<string, unknown>): DecisionCheck<SocialGridDecision> {
  const rawVote = raw.vote;
  let vote: number | "skip" = "skip";
  let invalidTarget: string | undefined;
  if (typeof rawVote === "string" && rawVote.trim().toLowerCase() === "skip") {
    // Validation is idempotent: a skip that was already a repaired invalid target keeps its flag.
    if (typeof raw.invalidTarget === "string") invalidTarget = raw.invalidTarget;
  } else {
    const target = parseSeat(rawVote);
    if (target !== null) vote = target;
    else if (rawVote === undefined) invalidTarget = "(missing)";
    else invalidTarget = typeof rawVote === "string" ? rawVote : String(JSON.stringify(rawVote));
  }
  const rawTrust = raw.trust ?? raw.trust_scores;
  const trust: Record<string, number> = {};
  if (isRecord(rawTrust)) {
    for (const [key, value] of Object.entries(rawTrust)) {
      const target = parseSeat(key);
      const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (target !== null && typeof n === "number" && Number.isFinite(n)) {
        trust[String(target)] = Math.min(1, Math.max(0, n));
      }
    }
  }
  const thought = typeof raw.thought === "string" ? raw.thought : "";
  const decision: VoteDecision = { kind: "vote", vote, trust, thought };
  if (invalidTarget !== undefined) decision.invalidTarget = invalidTarget;
  return { ok: true, decision };
}
