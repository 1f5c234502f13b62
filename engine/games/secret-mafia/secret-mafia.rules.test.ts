import { describe, expect, it } from "vitest";
import { Rng } from "../../core/rng";
import { mafiaCount, roundHalfEven, type SecretMafiaConfigInput } from "./config";
import { parseTarget, type DecisionKind } from "./decisions";
import type { Role, SecretMafiaEvent } from "./events";
import { secretMafia } from "./index";
import { renderMessage } from "./messages";
import { renderPrompt } from "./prompts";
import type { SecretMafiaState } from "./state";
import { randomReply } from "./testing";
import { judgeReply } from "../../core/module";
import type { SecretMafiaDecision } from "./decisions";
import { secretMafiaModule } from "./module";

type Policy = (state: SecretMafiaState, seat: number, kind: DecisionKind) => string | undefined;

const start = (config: SecretMafiaConfigInput = {}, seed = 3) =>
  secretMafia.setup(secretMafia.configSchema.parse(config), seed);
const seatsOf = (state: SecretMafiaState, role: Role) =>
  state.players.filter((p) => p.role === role).map((p) => p.seat);
const living = (state: SecretMafiaState) => state.players.filter((p) => p.alive).map((p) => p.seat);
const historyOf = (state: SecretMafiaState, seat: number) =>
  secretMafia.playerView(state, seat).history.map(renderMessage);

/** One move: the current player answers with `policy`, or a valid random move when it returns undefined. */
function move(state: SecretMafiaState, policy: Policy, rng: Rng) {
  const [{ seat, kind }] = secretMafia.pending(state);
  const action = policy(state, seat, kind) ?? randomReply(secretMafia.playerView(state, seat), rng).action;
  const check = judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, { action });
  if (!check.ok) throw new Error(check.error);
  return secretMafia.step(state, { [seat]: check.decision });
}

function runUntil(state: SecretMafiaState, policy: Policy, until: (s: SecretMafiaState) => boolean) {
  const rng = Rng.seeded(5);
  const events: SecretMafiaEvent[] = [];
  for (let i = 0; i < 1_000 && !until(state) && !secretMafia.isTerminal(state); i++) {
    const out = move(state, policy, rng);
    state = out.state;
    events.push(...out.events);
  }
  return { state, events };
}

const inPhase = (phase: SecretMafiaState["phase"]) => (s: SecretMafiaState) => s.phase === phase;

describe("setup", () => {
  it("deals max(1, round(0.25·n)) Mafia with Python's half-to-even rounding, one Doctor, one Detective", () => {
    expect([
      roundHalfEven(1.5),
      roundHalfEven(2.5),
      roundHalfEven(3.5),
      roundHalfEven(2.4),
      roundHalfEven(2.6),
    ]).toEqual([2, 2, 4, 2, 3]);
    const expected: Record<number, number> = { 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 11: 3, 12: 3, 13: 3, 14: 4, 15: 4 };
    for (let n = 6; n <= 15; n++) {
      expect(mafiaCount(n, 0.25)).toBe(expected[n]);
      const { state } = start({ players: n }, n);
      expect(seatsOf(state, "Mafia")).toHaveLength(expected[n]);
      expect(seatsOf(state, "Doctor")).toHaveLength(1);
      expect(seatsOf(state, "Detective")).toHaveLength(1);
    }
    expect(secretMafia.configSchema.safeParse({ players: 5 }).success).toBe(false);
    expect(secretMafia.configSchema.safeParse({ players: 6, mafiaRatio: 0.5 }).success).toBe(false);
  });

  it("starts at night with the Mafia voting; each player's first observation is their role prompt; Mafia know each other", () => {
    const { state } = start();
    const mafia = seatsOf(state, "Mafia");
    expect(state.phase).toBe("night_mafia");
    expect(mafia).toContain(secretMafia.pending(state)[0].seat);
    for (const p of state.players) {
      const [first] = secretMafia.playerView(state, p.seat).history;
      expect(first.observation).toBe("prompt");
      expect(first.text).toContain(`You are Player ${p.seat}.\nYour role: ${p.role}`);
    }
    const mate = mafia[1];
    expect(secretMafia.playerView(state, mafia[0]).teammates).toEqual([mate]);
    expect(secretMafia.playerView(state, mafia[0]).history[0].text).toContain(`Your fellow Mafia: Player ${mate}.`);
  });
});

describe("night", () => {
  it("protecting the victim cancels the kill; the Mafia's votes are seen by the Mafia only", () => {
    const { state } = start();
    const victim = seatsOf(state, "Villager")[0];
    const doctor = seatsOf(state, "Doctor")[0];
    const night =
      (protect: number): Policy =>
      (_s, _seat, kind) =>
        kind === "night_kill" ? `[Player ${victim}]` : kind === "protect" ? `[${protect}]` : undefined;

    const saved = runUntil(state, night(victim), inPhase("day_discussion"));
    expect(saved.events.find((e) => e.type === "protect")).toMatchObject({ target: victim, saved: true });
    expect(historyOf(saved.state, victim)).toContain("[GAME] No one was killed tonight.");
    expect(saved.state.players[victim].alive).toBe(true);

    const other = seatsOf(state, "Villager")[1];
    const killed = runUntil(state, night(other), inPhase("day_discussion"));
    expect(historyOf(killed.state, doctor)).toContain(`[GAME] Player ${victim} was killed during the night.`);
    expect(killed.state.players[victim].eliminated).toEqual({ day: 1, cause: "night_kill" });

    const [m1, m2] = seatsOf(state, "Mafia");
    expect(historyOf(killed.state, m2)).toContain(`[Player ${m1}] [Player ${victim}]`);
    expect(historyOf(killed.state, doctor).some((line) => line.includes(`[Player ${victim}]`))).toBe(false);
  });

  it("the Detective learns privately whether the target IS or IS NOT a Mafia member", () => {
    const { state } = start();
    const [mafia] = seatsOf(state, "Mafia");
    const detective = seatsOf(state, "Detective")[0];
    const { state: day, events } = runUntil(
      state,
      (_s, _seat, kind) => (kind === "investigate" ? `[${mafia}]` : undefined),
      inPhase("day_discussion"),
    );
    expect(events.find((e) => e.type === "investigate")).toMatchObject({
      seat: detective,
      target: mafia,
      isMafia: true,
    });
    const line = `[GAME] Player ${mafia} IS a Mafia member.`;
    expect(historyOf(day, detective)).toContain(line);
    for (const p of day.players) if (p.seat !== detective) expect(historyOf(day, p.seat)).not.toContain(line);
  });

  it("a tie in the Mafia vote is broken by the seeded RNG: the same seed gives the same victim", () => {
    const victims = new Set<number>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const once = () => {
        const { state } = start({}, seed);
        const [a, b] = seatsOf(state, "Villager");
        const [first] = seatsOf(state, "Mafia");
        const { events } = runUntil(
          state,
          (_s, seat, kind) => (kind === "night_kill" ? `[${seat === first ? a : b}]` : undefined),
          inPhase("night_doctor"),
        );
        const target = events.find((e) => e.type === "night_target");
        expect(target).toMatchObject({ tally: { [a]: 1, [b]: 1 }, tiebreak: [a, b].sort((x, y) => x - y) });
        return target?.type === "night_target" ? target.target : null;
      };
      const victim = once();
      expect(once()).toBe(victim);
      victims.add(victim === null ? -1 : seatsOf(start({}, seed).state, "Villager").indexOf(victim));
    }
    expect(victims).toEqual(new Set([0, 1]));
  });
});

describe("day", () => {
  const toDay = (seed = 3) => runUntil(start({}, seed).state, () => undefined, inPhase("day_discussion"));

  it("3 discussion rounds in one seeded order, broadcast as [Player i] text with tags kept", () => {
    const { state, events } = toDay();
    const order = events.findLast((e) => e.type === "phase_start")!;
    if (order.type !== "phase_start") throw new Error("no phase_start");
    expect(order.phase).toBe("day_discussion");
    expect([...order.order].sort()).toEqual(living(state).sort());
    const said = "[Player 1] I accuse [Player 2]";
    const talk = runUntil(state, () => said, inPhase("day_voting"));
    const turns = talk.events.filter((e) => e.type === "discussion");
    expect(turns.map((e) => (e.type === "discussion" ? e.seat : -1))).toEqual([
      ...order.order,
      ...order.order,
      ...order.order,
    ]);
    expect(turns.map((e) => (e.type === "discussion" ? e.round : -1))).toEqual(
      order.order
        .flatMap(() => [1])
        .concat(
          order.order.map(() => 2),
          order.order.map(() => 3),
        ),
    );
    const someone = living(state)[0];
    expect(historyOf(talk.state, someone)).toContain(`[Player ${order.order[0]}] ${said}`);
  });

  it("public votes: plurality eliminates; a tie is drawn by the seeded RNG", () => {
    const { state } = toDay();
    const voting = runUntil(state, () => "hello", inPhase("day_voting")).state;
    const alive = living(voting);
    const target = alive[0];
    const out = runUntil(
      voting,
      (_s, seat) => `[${seat === target ? alive[1] : target}]`,
      (s) => s.phase === "night_mafia",
    );
    expect(out.events.find((e) => e.type === "vote_result")).toMatchObject({ target, tiebreak: null });
    expect(historyOf(out.state, alive[1])).toContain(`[GAME] Player ${target} was eliminated by vote.`);
    expect(out.state.day).toBe(2);

    // 2 – 2 – 1: the seeded draw picks one of the two leaders.
    expect(alive).toHaveLength(5);
    const ballots = [alive[1], alive[0], alive[0], alive[1], alive[2]];
    const split = runUntil(
      voting,
      (_s, seat) => `[${ballots[alive.indexOf(seat)]}]`,
      (s) => s.phase !== "day_voting",
    );
    const result = split.events.find((e) => e.type === "vote_result");
    expect(result).toMatchObject({
      tally: { [alive[0]]: 2, [alive[1]]: 2, [alive[2]]: 1 },
      tiebreak: [alive[0], alive[1]].sort((x, y) => x - y),
    });
    if (result?.type === "vote_result") expect([alive[0], alive[1]]).toContain(result.target);
  });

  it("the first invalid vote earns a warning in the offender's view only and a retry; the second eliminates", () => {
    const { state } = toDay();
    const voting = runUntil(state, () => "hi", inPhase("day_voting")).state;
    const offender = secretMafia.pending(voting)[0].seat;
    const first = move(voting, () => "I vote for nobody", Rng.seeded(1));
    const warning = `[GAME] Player ${offender} attempted an invalid move. Reason: Vote not in valid format or invalid target.`;
    expect(historyOf(first.state, offender).some((l) => l.startsWith(warning))).toBe(true);
    for (const seat of living(voting).filter((s) => s !== offender)) {
      expect(historyOf(first.state, seat).some((l) => l.includes("attempted an invalid move"))).toBe(false);
    }
    expect(first.events.find((e) => e.type === "invalid_move")).toMatchObject({
      seat: offender,
      strike: 1,
      action: "I vote for nobody",
    });
    expect(secretMafia.pending(first.state)).toEqual([{ seat: offender, kind: "vote" }]);
    expect(renderPrompt(secretMafia.playerView(first.state, offender))!.user).toContain("attempted an invalid move");

    const second = move(first.state, () => "[99]", Rng.seeded(1));
    expect(second.events.find((e) => e.type === "invalid_move")).toMatchObject({ seat: offender, strike: 2 });
    expect(second.state.players[offender]).toMatchObject({
      alive: false,
      eliminated: { cause: "invalid_moves" },
      invalidMoves: 2,
    });
    expect(historyOf(second.state, living(second.state)[0])).toContain(
      `[GAME] Player ${offender} was eliminated for repeated invalid moves.`,
    );
    expect(secretMafia.pending(second.state)[0]?.seat).not.toBe(offender);
  });

  it("a valid move resets the count: invalid, valid, then invalid again is only a warning", () => {
    const voting = runUntil(toDay().state, () => "hi", inPhase("day_voting")).state;
    const a = secretMafia.pending(voting)[0].seat;
    let s = move(voting, () => "nope", Rng.seeded(1)).state;
    s = move(s, (st) => `[${living(st).find((x) => x !== a)}]`, Rng.seeded(1)).state;
    const b = secretMafia.pending(s)[0].seat;
    const again = move(s, () => "nope", Rng.seeded(1));
    expect(again.events.find((e) => e.type === "invalid_move")).toMatchObject({ seat: b, strike: 1 });
    expect(again.state.players[b].alive).toBe(true);
  });

  it("two agent failures in a row (the fallback is an empty move) eliminate the player", () => {
    const voting = runUntil(toDay().state, () => "hi", inPhase("day_voting")).state;
    const seat = secretMafia.pending(voting)[0].seat;
    const once = secretMafia.step(voting, {});
    const twice = secretMafia.step(once.state, { [seat]: secretMafia.fallbackDecision(once.state, seat) });
    expect(twice.state.players[seat].eliminated?.cause).toBe("invalid_moves");
    expect([...once.events, ...twice.events].filter((e) => e.type === "invalid_move")).toEqual([
      expect.objectContaining({ seat, strike: 1, action: "", fallback: true }),
      expect.objectContaining({ seat, strike: 2, action: "", fallback: true }),
    ]);
  });
});

describe("invalid moves at night", () => {
  it("the village learns of a night elimination only at daybreak; the Mafia are told at once", () => {
    const { state } = start();
    const [first, second] = [
      secretMafia.pending(state)[0].seat,
      seatsOf(state, "Mafia").find((s) => s !== secretMafia.pending(state)[0].seat)!,
    ];
    const villager = seatsOf(state, "Villager")[0];
    let s = move(state, () => "pass", Rng.seeded(1)).state;
    const out = move(s, () => "pass", Rng.seeded(1));
    s = out.state;
    expect(s.players[first].alive).toBe(false);
    expect(secretMafia.playerView(s, villager).players[first].alive).toBe(true);
    expect(secretMafia.playerView(s, second).players[first].alive).toBe(false);
    expect(historyOf(s, second)).toContain(
      `[GAME] Player ${first} was eliminated for repeated invalid moves. The other players learn this at daybreak.`,
    );
    expect(historyOf(s, villager).some((l) => l.includes(`Player ${first} was eliminated`))).toBe(false);

    const day = runUntil(s, () => undefined, inPhase("day_discussion")).state;
    expect(historyOf(day, villager)).toContain(`[GAME] Player ${first} was eliminated for repeated invalid moves.`);
    expect(secretMafia.playerView(day, villager).players[first].alive).toBe(false);
  });
});

describe("end of the game", () => {
  it("the village wins when no Mafia is alive; rewards ±1 by team include eliminated members; game_info per player", () => {
    const { state } = start();
    // Both Mafia fail twice at night: the last elimination ends the game for the village.
    const end = runUntil(
      state,
      (_s, _seat, kind) => (kind === "night_kill" ? "???" : undefined),
      (s) => secretMafia.isTerminal(s),
    );
    expect(end.state.result).toMatchObject({ winner: "Village" });
    expect(end.state.result!.rewards).toEqual(end.state.players.map((p) => (p.role === "Mafia" ? -1 : 1)));
    const info = end.state.result!.gameInfo;
    expect(info.map((i) => i.role)).toEqual(end.state.players.map((p) => p.role));
    expect(info.filter((i) => i.invalid_move)).toHaveLength(2);
    expect(info.every((i) => i.turn_count === end.state.turn && i.reason === end.state.result!.reason)).toBe(true);
    expect(end.events.at(-1)).toMatchObject({ type: "game_end", winner: "Village" });
    expect(secretMafia.pending(end.state)).toEqual([]);
  });

  it("the Mafia win as soon as they make up at least half of the living players", () => {
    const { state } = start();
    const villagers = seatsOf(state, "Villager");
    const doctor = seatsOf(state, "Doctor")[0];
    // Night 1 kills a villager (6 → 5); day 1 exiles another villager (→ 4: 2 Mafia = half).
    const out = runUntil(
      state,
      (_s, seat, kind) =>
        kind === "night_kill"
          ? `[${villagers[0]}]`
          : kind === "protect"
            ? `[${villagers[1] === doctor ? villagers[2] : villagers[1]}]`
            : kind === "vote"
              ? `[${seat === villagers[1] ? villagers[2] : villagers[1]}]`
              : kind === "discuss"
                ? "ok"
                : undefined,
      (s) => secretMafia.isTerminal(s),
    );
    expect(out.state.result).toMatchObject({ winner: "Mafia", reason: expect.stringContaining("at least half") });
    expect(out.state.result!.rewards).toEqual(out.state.players.map((p) => (p.role === "Mafia" ? 1 : -1)));
  });
});

describe("decisions", () => {
  const { state } = start();
  const seat = secretMafia.pending(state)[0].seat;

  it("takes TextArena's {action} reply; names what is wrong otherwise; never throws", () => {
    expect(judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, { thought: "t", action: "[2]" })).toEqual({
      ok: true,
      decision: { kind: "night_kill", action: "[2]" },
    });
    expect(judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, { action: "[Player 2]" })).toMatchObject({
      ok: true,
    });
    const errors = [
      judgeReply<SecretMafiaDecision>(secretMafiaModule, state, (seat + 1) % 6, { action: "[2]" }),
      judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, { action: 3 }),
      judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, "[2]"),
      judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, null),
      judgeReply<SecretMafiaDecision>(secretMafiaModule, state, seat, { action: "x".repeat(5_000) }),
    ].map((c) => (c.ok ? "ok" : c.error));
    expect(errors[0]).toMatch(/not expected to decide now/);
    expect(errors[1]).toMatch(/^night_kill reply: .*action/s);
    expect(errors[2]).toMatch(/expected object/);
    expect(errors[3]).toMatch(/expected object/);
    expect(errors[4]).toMatch(/action/);
  });

  it("the rules check the move's kind and text, not reply formats", () => {
    const errors = [
      secretMafia.validateDecision(state, (seat + 1) % 6, { kind: "night_kill", action: "[2]" }),
      secretMafia.validateDecision(state, seat, { kind: "vote", action: "[2]" }),
      secretMafia.validateDecision(state, seat, { kind: "night_kill", action: 3 }),
      secretMafia.validateDecision(state, seat, null),
    ].map((c) => (c.ok ? "ok" : c.error));
    expect(errors[0]).toMatch(/not expected to move now/);
    expect(errors[1]).toMatch(/expected a "night_kill" move, got "vote"/);
    expect(errors[2]).toMatch(/^action: /);
    expect(errors[3]).toMatch(/expected a "night_kill" move/);
  });

  it("parses the last [X] or [Player X], any case", () => {
    expect(parseTarget("[3]")).toBe(3);
    expect(parseTarget("I vote [PLAYER 4] now")).toBe(4);
    expect(parseTarget("[Player 1] my vote: [player12]")).toBe(12);
    expect(parseTarget("Player 3")).toBeNull();
    expect(parseTarget("")).toBeNull();
  });

  it("the prompt asks the current player for the move of their phase", () => {
    const prompt = renderPrompt(secretMafia.playerView(state, seat))!;
    expect(prompt.kind).toBe("night_kill");
    expect(prompt.system).toContain("Your role: Mafia");
    expect(prompt.user).toContain("[GAME] Night 1 has fallen.");
    expect(prompt.user).toMatch(/Your turn \(night 1\): vote .* Valid targets: \[/);
    expect(renderPrompt(secretMafia.playerView(state, seatsOf(state, "Villager")[0]))).toBeNull();
  });
});
