import { describe, expect, it } from "vitest";
import { Rng } from "../../core/rng";
import { chooseSpeaker, mentionedSeats } from "./bidding";
import type { WerewolfConfigInput } from "./config";
import type { DecisionKind, WerewolfDecision } from "./decisions";
import type { AnalysesEvent, Role, WerewolfEvent } from "./events";
import { werewolf } from "./index";
import type { WerewolfState } from "./state";
import { randomReply } from "./testing";
import { judgeReply } from "../../core/module";
import { werewolfModule } from "./module";

type Policy = (state: WerewolfState, seat: number, kind: DecisionKind) => Record<string, unknown> | undefined;

const start = (config: WerewolfConfigInput = {}, seed = 7) => {
  const out = werewolf.setup(werewolf.configSchema.parse(config), seed);
  return { state: out.state, events: out.events };
};

const seatsOf = (state: WerewolfState, role: Role) => state.players.filter((p) => p.role === role).map((p) => p.seat);
const nameOf = (state: WerewolfState, seat: number) => state.players[seat].name;

/** One step: each pending seat answers with `policy` (a wire reply), or a random reply when it returns undefined. */
function act(
  state: WerewolfState,
  policy: Policy,
  rng = Rng.seeded(1),
): { state: WerewolfState; events: WerewolfEvent[] } {
  const decisions: Record<number, WerewolfDecision> = {};
  for (const { seat, kind } of werewolf.pending(state)) {
    const reply = policy(state, seat, kind) ?? randomReply(werewolf.playerView(state, seat), rng);
    const check = judgeReply<WerewolfDecision>(werewolfModule, state, seat, reply);
    if (!check.ok) throw new Error(`invalid scripted reply for seat ${seat}: ${check.error}`);
    decisions[seat] = check.decision;
  }
  return werewolf.step(state, decisions);
}

/** Steps with `policy` until `until` holds (or the game ends); returns the state and the events on the way. */
function runUntil(state: WerewolfState, policy: Policy, until: (s: WerewolfState) => boolean) {
  const events: WerewolfEvent[] = [];
  const rng = Rng.seeded(99);
  for (let i = 0; i < 500 && !until(state) && !werewolf.isTerminal(state); i++) {
    const out = act(state, policy, rng);
    state = out.state;
    events.push(...out.events);
  }
  return { state, events };
}

const inPhase = (kind: WerewolfState["phase"]["kind"]) => (s: WerewolfState) => s.phase.kind === kind;

describe("night", () => {
  it("a protected victim survives, an unprotected one dies", () => {
    const { state } = start();
    const [doctor] = seatsOf(state, "Doctor");
    const victim = seatsOf(state, "Villager")[0];
    const night =
      (protect: number): Policy =>
      (s, _seat, kind) =>
        kind === "night_kill"
          ? { target: nameOf(s, victim) }
          : kind === "protect"
            ? { target: nameOf(s, protect) }
            : undefined;

    const saved = runUntil(state, night(victim), inPhase("bid"));
    const savedEnd = saved.events.find((e) => e.type === "night_end");
    expect(savedEnd).toMatchObject({ target: victim, protectedTarget: victim, killed: null });
    expect(saved.state.players[victim].alive).toBe(true);

    const killed = runUntil(state, night(doctor), inPhase("bid"));
    expect(killed.events.find((e) => e.type === "night_end")).toMatchObject({ target: victim, killed: victim });
    expect(killed.state.players[victim]).toMatchObject({ alive: false, fate: "killed", diedRound: 1 });
  });

  it("the Doctor may protect themselves; the Seer learns the exact role privately", () => {
    const { state } = start();
    const [doctor] = seatsOf(state, "Doctor");
    const [seer] = seatsOf(state, "Seer");
    const target = seatsOf(state, "Werewolf")[0];
    const { state: after, events } = runUntil(
      state,
      (s, _seat, kind) =>
        kind === "protect"
          ? { target: nameOf(s, doctor) }
          : kind === "unmask"
            ? { target: nameOf(s, target) }
            : kind === "night_kill"
              ? { target: nameOf(s, doctor) }
              : undefined,
      inPhase("bid"),
    );
    expect(events.find((e) => e.type === "night_end")).toMatchObject({ killed: null });
    expect(events.find((e) => e.type === "unmask")).toMatchObject({ seat: seer, target, role: "Werewolf" });
    expect(werewolf.playerView(after, seer).players[target].knownRole).toBe("Werewolf");
    expect(werewolf.playerView(after, doctor).players[target].knownRole).toBeNull();
  });

  it("wolves propose one after the other; the second sees the first's proposal", () => {
    const { state } = start();
    const first = werewolf.pending(state).find((p) => p.kind === "night_kill")!.seat;
    const villager = seatsOf(state, "Villager")[0];
    const { state: next } = act(state, (s, _seat, kind) =>
      kind === "night_kill" ? { target: nameOf(s, villager), message: "take the quiet one" } : undefined,
    );
    const second = werewolf.pending(next).find((p) => p.kind === "night_kill")!.seat;
    expect(second).not.toBe(first);
    expect(werewolf.playerView(next, second).packChat).toEqual([
      { round: 1, seat: first, target: villager, message: "take the quiet one" },
    ]);
  });

  it("disagreeing wolves: the victim is drawn among the tied proposals, the same for the same seed", () => {
    const outcome = (seed: number) => {
      const { state } = start({}, seed);
      const villagers = seatsOf(state, "Villager");
      const [wolfA] = seatsOf(state, "Werewolf");
      const { events } = runUntil(
        state,
        (s, seat, kind) =>
          kind === "night_kill"
            ? { target: nameOf(s, seat === wolfA ? villagers[0] : villagers[1]) }
            : kind === "protect"
              ? { target: nameOf(s, seatsOf(s, "Doctor")[0]) }
              : undefined,
        inPhase("bid"),
      );
      const end = events.find((e) => e.type === "night_end")!;
      if (end.type !== "night_end") throw new Error("no night_end");
      expect(end.tiebreak).toEqual([...villagers.slice(0, 2)].sort((a, b) => a - b));
      expect(villagers.slice(0, 2)).toContain(end.killed);
      return end.killed;
    };
    for (const seed of [1, 2, 3, 4, 5]) expect(outcome(seed)).toBe(outcome(seed));
  });

  it("rejects a wolf naming a fellow wolf and names the valid targets", () => {
    const { state } = start();
    const wolf = werewolf.pending(state).find((p) => p.kind === "night_kill")!.seat;
    const mate = seatsOf(state, "Werewolf").find((s) => s !== wolf)!;
    const check = judgeReply<WerewolfDecision>(werewolfModule, state, wolf, { target: nameOf(state, mate) });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/is not a valid choice; valid: /);
    // The rules refuse it too, whatever sends it.
    const direct = werewolf.validateDecision(state, wolf, { kind: "night_kill", target: mate, message: "" });
    expect(direct.ok).toBe(false);
    if (!direct.ok) expect(direct.error).toMatch(/is not a valid target \(valid: /);
  });
});

describe("day: bidding and statements", () => {
  const day = () => runUntil(start().state, () => undefined, inPhase("bid")).state;

  it("the highest bid speaks, and the previous speaker sits out the next bidding", () => {
    const state = day();
    const alive = state.players.filter((p) => p.alive).map((p) => p.seat);
    const eager = alive[2];
    const { state: speaking, events } = act(state, (_s, seat) => ({ bid: seat === eager ? 9 : 3 }));
    expect(events).toEqual([expect.objectContaining({ type: "bids", speaker: eager, topBidders: [eager], turn: 1 })]);
    expect(werewolf.pending(speaking)).toEqual([{ seat: eager, kind: "statement" }]);
    const analysed = runUntil(
      speaking,
      (_s, _seat, kind) => (kind === "statement" ? { statement: "hello" } : undefined),
      inPhase("bid"),
    );
    const bidders = werewolf.pending(analysed.state).map((p) => p.seat);
    expect(bidders).not.toContain(eager);
    expect(bidders).toHaveLength(alive.length - 1);
  });

  it("a statement over the word limit is cut to 20 words and flagged", () => {
    const state = day();
    const long = Array.from({ length: 25 }, (_, i) => `w${i}`).join(" ");
    const { events } = runUntil(
      state,
      (_s, _seat, kind) => (kind === "statement" ? { statement: long } : undefined),
      (s) => s.statements.length > 0,
    );
    const statement = events.find((e) => e.type === "statement");
    expect(statement).toMatchObject({ words: 25, truncated: true, text: long.split(" ").slice(0, 20).join(" ") });
  });

  it("a day has 6 statements, then the vote; a silent statement is not analysed", () => {
    const state = day();
    const { state: voting, events } = runUntil(
      state,
      (_s, _seat, kind) => (kind === "statement" ? { statement: "" } : undefined),
      inPhase("vote"),
    );
    expect(events.filter((e) => e.type === "statement")).toHaveLength(6);
    expect(events.filter((e) => e.type === "analyses")).toHaveLength(0);
    expect(events.at(-1)).toEqual({ type: "vote_start", round: 1 });
    expect(werewolf.pending(voting).every((p) => p.kind === "vote")).toBe(true);
  });

  it("all analyses of a statement are pending at once: self for the speaker, peer for every other living player", () => {
    const state = day();
    const { state: analysing } = runUntil(state, () => undefined, inPhase("analysis"));
    const speaker = analysing.statements.at(-1)!.statement.seat;
    const pending = werewolf.pending(analysing);
    expect(pending).toHaveLength(analysing.players.filter((p) => p.alive).length);
    for (const p of pending) expect(p.kind).toBe(p.seat === speaker ? "self_analysis" : "peer_analysis");
  });

  it("mentions are whole capitalised names", () => {
    expect(mentionedSeats("Bob and Raj lie; Bobby does not, joy is a word", ["Alice", "Bob", "Raj", "Joy"])).toEqual([
      1, 2,
    ]);
  });

  it("mention bias doubles a mentioned top bidder's chance; a single top bidder always speaks", () => {
    const bids = new Map([
      [0, 7],
      [1, 7],
      [2, 3],
    ]);
    const share = (bias: boolean) => {
      const rng = Rng.seeded(11);
      let chosen = 0;
      for (let i = 0; i < 6000; i++) if (chooseSpeaker(bids, [1, 2], bias, rng).speaker === 1) chosen++;
      return chosen / 6000;
    };
    expect(share(true)).toBeGreaterThan(0.63);
    expect(share(true)).toBeLessThan(0.7);
    expect(share(false)).toBeGreaterThan(0.47);
    expect(share(false)).toBeLessThan(0.53);
    const choice = chooseSpeaker(
      new Map([
        [4, 2],
        [5, 9],
      ]),
      [4],
      true,
      Rng.seeded(1),
    );
    expect(choice).toEqual({ speaker: 5, topBidders: [5], mentioned: [] });
    expect(chooseSpeaker(bids, [1, 2], true, Rng.seeded(3)).mentioned).toEqual([1]);
  });
});

describe("suspicion", () => {
  it("updates as 0.7·new + 0.3·previous from 0.5; a fallback analysis leaves it unchanged", () => {
    let { state } = runUntil(start().state, () => undefined, inPhase("bid"));
    const observers = state.players.filter((p) => p.alive).map((p) => p.seat);
    const [a, b] = observers;
    const analyse =
      (level: number): Policy =>
      (_s, seat, kind) => {
        if (kind === "bid") return { bid: seat === b ? 10 : 0 };
        if (kind === "statement") return { statement: "I am calm" };
        if (kind === "peer_analysis") {
          return {
            is_deceptive: 1,
            confidence: 0.9,
            deception_type: "fabrication",
            reasoning: "x",
            suspicion_level: seat === a ? level : 0.5,
          };
        }
        return undefined;
      };
    const first = runUntil(state, analyse(0.9), (s) => s.statements.some((r) => r.analyses));
    state = first.state;
    expect(state.statements[0].statement.seat).toBe(b);
    expect(state.suspicion[a][b]).toBeCloseTo(0.7 * 0.9 + 0.3 * 0.5, 12);
    const event = first.events.find((e): e is AnalysesEvent => e.type === "analyses")!;
    expect(event.suspicion[a]).toBeCloseTo(0.78, 12);

    // b spoke last and sits out the next bidding; b's next statement is analysed with level 0.1.
    const second = runUntil(
      state,
      analyse(0.1),
      (s) => s.statements.filter((r) => r.analyses && r.statement.seat === b).length === 2,
    );
    expect(second.state.suspicion[a][b]).toBeCloseTo(0.7 * 0.1 + 0.3 * 0.78, 12);

    // The runtime passing the engine's fallback keeps the score where it was.
    const analysing = runUntil(
      second.state,
      (_s, _seat, kind) => (kind === "statement" ? { statement: "hi" } : undefined),
      inPhase("analysis"),
    ).state;
    const target = analysing.statements.at(-1)!.statement.seat;
    const observer = observers.find((s) => s !== target)!;
    const decisions: Record<number, WerewolfDecision> = {};
    for (const p of werewolf.pending(analysing)) decisions[p.seat] = werewolf.fallbackDecision(analysing, p.seat);
    const out = werewolf.step(analysing, decisions);
    expect(out.state.suspicion[observer][target]).toBe(analysing.suspicion[observer][target]);
    const analyses = out.events.find((e): e is AnalysesEvent => e.type === "analyses")!;
    expect(analyses.peers[observer].fallback).toBe(true);
    expect(analyses.self.fallback).toBe(true);
  });
});

describe("votes and the end of the game", () => {
  const toVote = (config: WerewolfConfigInput = {}, seed = 7) =>
    runUntil(start(config, seed).state, () => undefined, inPhase("vote")).state;

  it("exile needs ⌊alive/2⌋+1 votes for one player; a tie or a plurality below it exiles nobody", () => {
    const state = toVote();
    const alive = state.players.filter((p) => p.alive).map((p) => p.seat);
    expect(alive).toHaveLength(7);
    const ballots =
      (targets: number[]): Policy =>
      (s, seat) => ({ vote: nameOf(s, alive[targets[alive.indexOf(seat)]]) });
    // 3 – 3 – 1: a tie at the top.
    const tie = act(state, ballots([1, 0, 0, 0, 1, 1, 2]));
    expect(tie.events.find((e) => e.type === "vote_result")).toMatchObject({ needed: 4, exiled: null });
    expect(tie.state.players.filter((p) => p.alive)).toHaveLength(7);
    // 3 – 2 – 2: a clear plurality, but no majority.
    const plurality = act(state, ballots([1, 0, 0, 0, 1, 2, 2])).events.find((e) => e.type === "vote_result");
    expect(plurality).toMatchObject({
      needed: 4,
      exiled: null,
      tally: { [alive[0]]: 3, [alive[1]]: 2, [alive[2]]: 2 },
    });

    const target = alive[1];
    const majority = act(state, (s, seat) => ({
      vote: nameOf(s, seat === target ? alive[0] : target),
      reasoning: "clear",
    }));
    expect(majority.events.find((e) => e.type === "vote_result")).toMatchObject({ exiled: target });
    expect(majority.state.players[target]).toMatchObject({ alive: false, fate: "exiled" });
  });

  it("the round counter increments every night and statements carry their own round", () => {
    const { events } = runUntil(
      start().state,
      () => undefined,
      (s) => s.round === 3 && s.phase.kind === "bid",
    );
    expect(events.filter((e) => e.type === "night_start").map((e) => (e.type === "night_start" ? e.round : 0))).toEqual(
      [2, 3],
    );
    const rounds = new Set(events.flatMap((e) => (e.type === "statement" ? [e.round] : [])));
    expect([...rounds]).toEqual([1, 2]);
  });

  it("villagers win once the last wolf is exiled; every villager-side player gets +1, dead ones included", () => {
    const config = { werewolves: 1, villagers: 5 };
    let state = toVote(config);
    const [wolf] = seatsOf(state, "Werewolf");
    if (!state.players[wolf].alive) throw new Error("wolf died");
    const out = act(state, (s, seat) => ({
      vote: nameOf(s, seat === wolf ? s.players.find((p) => p.alive && p.seat !== wolf)!.seat : wolf),
    }));
    state = out.state;
    expect(state.result).toMatchObject({ winner: "villagers", reason: "no_wolves", round: 1 });
    expect(state.result!.rewards).toEqual(state.players.map((p) => (p.role === "Werewolf" ? -1 : 1)));
    expect(out.events.at(-1)).toMatchObject({ type: "game_end", winner: "villagers" });
    expect(werewolf.pending(state)).toEqual([]);
  });

  it("wolves win at parity", () => {
    // 1 wolf, 2 others: the first unprotected kill gives parity.
    const { state } = start({ werewolves: 1, seer: 0, doctor: 0, villagers: 2 });
    const out = act(state, (s, _seat, kind) =>
      kind === "night_kill" ? { target: nameOf(s, seatsOf(s, "Villager")[0]) } : undefined,
    );
    expect(out.state.result).toMatchObject({ winner: "werewolves", reason: "parity", round: 1 });
  });

  it("after maxRounds without a winner the werewolves win on the round limit", () => {
    const config = { maxRounds: 2, deceptionAnalysis: false };
    const { state } = start(config);
    const [doctor] = seatsOf(state, "Doctor");
    const standoff: Policy = (s, seat, kind) => {
      if (kind === "night_kill") return { target: nameOf(s, doctor) };
      if (kind === "protect") return { target: nameOf(s, doctor) };
      if (kind === "vote") return { vote: nameOf(s, (seat + 1) % s.players.length) };
      return undefined;
    };
    const end = runUntil(state, standoff, (s) => werewolf.isTerminal(s));
    expect(end.state.result).toMatchObject({ winner: "werewolves", reason: "round_limit", round: 2 });
  });
});

describe("decision validation", () => {
  const { state } = start();
  const wolf = werewolf.pending(state).find((p) => p.kind === "night_kill")!.seat;
  const villager = seatsOf(state, "Villager")[0];

  it("names the problem and never throws", () => {
    const errors = [
      judgeReply<WerewolfDecision>(werewolfModule, state, villager, { target: "Bob" }),
      judgeReply<WerewolfDecision>(werewolfModule, state, wolf, "Bob"),
      judgeReply<WerewolfDecision>(werewolfModule, state, wolf, { kind: "vote", vote: "Bob" }),
      judgeReply<WerewolfDecision>(werewolfModule, state, wolf, { target: "Zed" }),
      judgeReply<WerewolfDecision>(werewolfModule, state, wolf, {}),
      judgeReply<WerewolfDecision>(werewolfModule, state, wolf, null),
    ].map((c) => (c.ok ? "ok" : c.error));
    expect(errors[0]).toMatch(/not expected to decide now/);
    expect(errors[1]).toMatch(/^night_kill reply: .*expected object/s);
    expect(errors[2]).toMatch(/^night_kill reply: .*target/s);
    expect(errors[3]).toMatch(/"Zed" is not a valid choice; valid: /);
    expect(errors[4]).toMatch(/target/);
    expect(errors[5]).toMatch(/expected object/);
  });

  it("the rules check decisions, not reply formats", () => {
    const checks = [
      werewolf.validateDecision(state, wolf, { kind: "vote", target: villager }),
      werewolf.validateDecision(state, wolf, { kind: "night_kill", target: "Bob" }),
      werewolf.validateDecision(state, wolf, { target: villager }),
      werewolf.validateDecision(state, wolf, null),
    ].map((c) => (c.ok ? "ok" : c.error));
    expect(checks[0]).toMatch(/expected a "night_kill" decision, got "vote"/);
    expect(checks[1]).toMatch(/"Bob" is not a valid target/);
    expect(checks[2]).toMatch(/expected a "night_kill" decision/);
    expect(checks[3]).toMatch(/must be an object/);
    expect(werewolf.validateDecision(state, wolf, { kind: "night_kill", target: villager, message: " hi " })).toEqual({
      ok: true,
      decision: { kind: "night_kill", target: villager, message: "hi" },
    });
  });

  it("accepts names in any case; replies must match the kind's schema", () => {
    const name = nameOf(state, villager).toUpperCase();
    expect(judgeReply<WerewolfDecision>(werewolfModule, state, wolf, { target: name })).toEqual({
      ok: true,
      decision: { kind: "night_kill", target: villager, message: "" },
    });
    expect(judgeReply<WerewolfDecision>(werewolfModule, state, wolf, { target: villager })).toMatchObject({
      ok: false,
    });
    const analysing = runUntil(state, () => undefined, inPhase("analysis")).state;
    const peer = werewolf.pending(analysing).find((p) => p.kind === "peer_analysis")!.seat;
    const reply = {
      is_deceptive: 1,
      confidence: 0.4,
      deception_type: "omission",
      reasoning: "r ",
      suspicion_level: 0.2,
    };
    expect(judgeReply<WerewolfDecision>(werewolfModule, analysing, peer, reply)).toMatchObject({
      ok: true,
      decision: { kind: "peer_analysis", is_deceptive: 1, confidence: 0.4, reasoning: "r" },
    });
    expect(judgeReply<WerewolfDecision>(werewolfModule, analysing, peer, { ...reply, is_deceptive: true }).ok).toBe(
      false,
    );
    const bad = judgeReply<WerewolfDecision>(werewolfModule, analysing, peer, {
      is_deceptive: 1,
      confidence: 2,
      deception_type: "lie",
      reasoning: "",
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/confidence.*deception_type.*suspicion_level/s);
  });

  it("bids must be integers from 0 to maxBid", () => {
    const bidding = runUntil(state, () => undefined, inPhase("bid")).state;
    const seat = werewolf.pending(bidding)[0].seat;
    expect(judgeReply<WerewolfDecision>(werewolfModule, bidding, seat, { bid: 11 })).toMatchObject({ ok: false });
    expect(judgeReply<WerewolfDecision>(werewolfModule, bidding, seat, { bid: 2.5 })).toMatchObject({ ok: false });
    expect(judgeReply<WerewolfDecision>(werewolfModule, bidding, seat, { bid: "4" })).toMatchObject({ ok: false });
    expect(werewolf.validateDecision(bidding, seat, { kind: "bid", bid: 11 })).toMatchObject({ ok: false });
    expect(judgeReply<WerewolfDecision>(werewolfModule, bidding, seat, { bid: 4 })).toEqual({
      ok: true,
      decision: { kind: "bid", bid: 4 },
    });
  });

  it("config: wolves must start as a minority", () => {
    expect(werewolf.configSchema.safeParse({ werewolves: 4, villagers: 2 }).success).toBe(false);
    expect(werewolf.configSchema.parse({})).toMatchObject({
      werewolves: 2,
      seer: 1,
      doctor: 1,
      villagers: 4,
      statementsPerDay: 6,
    });
  });
});
