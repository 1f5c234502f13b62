import { describe, expect, it } from "vitest";
import { Rng } from "../../core/rng";
import type { SocialGridEvent } from "./events";
import { randomDecision } from "./fixtures";
import { socialgrid } from "./index";
import { mapIndex } from "./map";
import { SocialGridPov, UNKNOWN_ROLE, type PovEvent, type PovGameStartEvent, type PovStepEvent } from "./pov";
import type { SocialGridState } from "./state";
import { sightFor } from "./visibility";

interface Round {
  events: SocialGridEvent[];
  /** The state after the round. */
  state: SocialGridState;
}

/** A game of random legal decisions, kept round by round (setup first). */
function playRounds(configInput: object, seed: number, policySeed: number): Round[] {
  const config = socialgrid.configSchema.parse(configInput);
  const start = socialgrid.setup(config, seed);
  const rng = Rng.seeded(policySeed);
  const rounds: Round[] = [{ events: start.events, state: start.state }];
  let state = start.state;
  for (let calls = 0; !socialgrid.isTerminal(state) && calls < 3_000; calls++) {
    const decisions: Record<number, ReturnType<typeof randomDecision>> = {};
    for (const { seat } of socialgrid.pending(state)) decisions[seat] = randomDecision(state, seat, rng);
    const out = socialgrid.step(state, decisions);
    state = out.state;
    rounds.push({ events: out.events, state });
  }
  return rounds;
}

// Small rooms, several impostors without cooldown: kills, corpses, door toggles and meetings are frequent.
const CROWDED = {
  layout: { rows: 2, cols: 2 },
  roomSize: 8,
  players: 6,
  impostors: 2,
  killCooldown: 0,
  voteEvery: 30,
  maxSteps: 160,
  fovRadius: 3,
};
const GAMES = [1, 2, 3, 4, 5, 6].map((seed) => ({ config: CROWDED, seed }));

const names = (record: Record<string, string>) => Object.values(record).sort();
const playerName = (seat: number) => `Player_${seat}`;

describe("a seat's view of the SocialGrid log", () => {
  it("shows after every env step exactly the players and corpses the seat's playerView shows, and the doors in its sight", () => {
    const seen = { players: 0, corpses: 0, doors: 0 };
    for (const { config, seed } of GAMES) {
      const rounds = playRounds(config, seed, seed * 7);
      for (let seat = 0; seat < config.players; seat++) {
        const pov = new SocialGridPov(seat);
        for (const { events, state } of rounds) {
          const out = pov.redact(events);
          expect(out).toHaveLength(events.length);
          const step = out.find((e): e is PovStepEvent => e.type === "step");
          if (!step) continue;
          const view = socialgrid.playerView(state, seat);
          const others = step.acts.map(([s]) => s).filter((s) => s !== seat);
          // The env step that ends the game stops before the later players act.
          if (socialgrid.isTerminal(state))
            expect(others.every((s) => names(view.visiblePlayers).includes(playerName(s)))).toBe(true);
          else expect(others.map(playerName).sort()).toEqual(names(view.visiblePlayers));
          expect(step.sees.corpses.map(([s]) => playerName(s)).sort()).toEqual(names(view.visibleCorpses));

          const me = state.players[seat];
          const sight = sightFor(mapIndex(state.map), state.doorsOpen, state.config);
          const doorsInView = me.alive
            ? state.map.doors
                .filter((d) => sight.canSee(me, d.pos.x, d.pos.y))
                .map((d) => [d.id, state.doorsOpen[d.id]])
            : [];
          expect(step.sees.doors).toEqual(doorsInView);
          seen.players += others.length;
          seen.corpses += step.sees.corpses.length;
          seen.doors += step.sees.doors.filter(([, open]) => open).length;
        }
      }
    }
    // The games exercised what is being checked.
    expect(seen.players).toBeGreaterThan(100);
    expect(seen.corpses).toBeGreaterThan(10);
    expect(seen.doors).toBeGreaterThan(10);
  });

  it("keeps the others' secrets: seed, roles, tasks, rewards, task progress, private votes, unwitnessed kills", () => {
    let hiddenKills = 0;
    for (const { config, seed } of GAMES) {
      const rounds = playRounds(config, seed, seed * 7);
      const log = rounds.flatMap((r) => r.events);
      const roles = (log[0] as Extract<SocialGridEvent, { type: "game_start" }>).players.map((p) => p.role);
      for (let seat = 0; seat < config.players; seat++) {
        const stream = new SocialGridPov(seat).redact(log);
        const start = stream[0] as PovGameStartEvent;
        expect(start).not.toHaveProperty("seed");
        expect(start.pov).toBe(seat);
        for (const p of start.players) {
          if (p.seat === seat) continue;
          expect(p.tasks).toEqual([]);
          expect(p.role).toBe(roles[seat] === "impostor" ? roles[p.seat] : UNKNOWN_ROLE);
        }
        log.forEach((event, i) => {
          const view: PovEvent = stream[i];
          // The game's end reveals the rewards; before it, only one's own are shown.
          if (event.type !== "game_end") expect(view).not.toHaveProperty("rewards");
          switch (event.type) {
            case "task_toggle":
            case "task_complete":
              expect(view.type).toBe(event.seat === seat ? event.type : "hidden");
              break;
            case "vote":
              if (event.seat !== seat)
                expect(view).toEqual({
                  type: "vote",
                  t: event.t,
                  round: event.round,
                  seat: event.seat,
                  vote: event.vote,
                });
              else expect(view).toEqual(event);
              break;
            case "kill": {
              const involved = event.killer === seat || event.victim === seat || event.witnesses.includes(seat);
              expect(view.type).toBe(involved ? "kill" : "hidden");
              if (!involved) hiddenKills += 1;
              break;
            }
            case "statement":
            case "vote_start":
            case "report":
            case "button":
            case "game_end":
              expect(view).toEqual(event);
              break;
          }
        });
      }
    }
    expect(hiddenKills).toBeGreaterThan(10);
  });

  it("is the same whether the log comes whole or round by round", () => {
    const rounds = playRounds(CROWDED, 9, 3);
    const whole = new SocialGridPov(2).redact(rounds.flatMap((r) => r.events));
    const stepwise = new SocialGridPov(2);
    expect(rounds.flatMap((r) => stepwise.redact(r.events))).toEqual(whole);
  });

  it("shows the others' spawns only where the seat sees them at the start", () => {
    const rounds = playRounds({ ...CROWDED, fovRadius: 1 }, 4, 1);
    const state = rounds[0].state;
    for (let seat = 0; seat < CROWDED.players; seat++) {
      const start = new SocialGridPov(seat).redact(rounds[0].events)[0] as PovGameStartEvent;
      const view = socialgrid.playerView(state, seat);
      const spawned = start.players.filter((p) => p.seat !== seat && p.start).map((p) => p.name);
      expect(spawned.sort()).toEqual(names(view.visiblePlayers));
    }
  });

  it("sees everyone with global observation, and nothing more once dead", () => {
    const games = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => playRounds({ ...CROWDED, observation: "global" }, seed, 5));
    const rounds = games.find((game) => game.some((r) => r.events.some((e) => e.type === "kill")))!;
    const victim = rounds.flatMap((r) => r.events).find((e) => e.type === "kill")?.victim;
    expect(victim).toBeDefined();
    let deadSteps = 0;
    let dead = false;
    const pov = new SocialGridPov(victim!);
    for (const { events, state } of rounds) {
      const step = pov.redact(events).find((e): e is PovStepEvent => e.type === "step");
      if (!step) continue;
      const alive = state.players.filter((p) => p.alive && p.seat !== victim).length;
      if (!state.players[victim!].alive) {
        dead = true;
        expect(step.acts).toEqual([]);
        expect(step.sees).toEqual({ doors: [], corpses: [] });
        deadSteps += 1;
      } else if (!socialgrid.isTerminal(state)) {
        expect(dead).toBe(false);
        expect(step.acts.length).toBe(alive + 1);
      }
    }
    expect(deadSteps).toBeGreaterThan(0);
  });
});
