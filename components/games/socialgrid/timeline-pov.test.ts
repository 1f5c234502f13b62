import { describe, expect, it } from "vitest";
import { mapIndex, socialgrid, type SocialGridState } from "@/engine/games/socialgrid";
import { UNKNOWN_ROLE } from "@/engine/games/socialgrid/pov";
import { sightFor } from "@/engine/games/socialgrid/visibility";
import type { LoggedEvent } from "@/lib/arena/events";
import { games as arenaGames } from "@/lib/games/registry";
import { seatLogView } from "@/lib/arena/redact";
import { playEpisode } from "./testing";
import { isDrawn, playerName, SocialGridTimeline } from "./timeline";

const QUICK = { maxSteps: 150, voteEvery: 25, killCooldown: 5 };
const PLAYERS = 7;
const SEEDS = [3, 6];

function build(entries: LoggedEvent[], chunk = entries.length) {
  const timeline = new SocialGridTimeline();
  for (let i = 0; i < entries.length; i += chunk) timeline.append(entries.slice(i, i + chunk));
  return timeline;
}

/** The log as the server streams it for `?pov=<seat>`. */
const povLog = (entries: LoggedEvent[], seat: number) => seatLogView(arenaGames.socialgrid, seat)!(entries);

const seats = Array.from({ length: PLAYERS }, (_, seat) => seat);

function inSight(state: SocialGridState, seat: number) {
  const me = state.players[seat];
  const sight = sightFor(mapIndex(state.map), state.doorsOpen, state.config);
  return (x: number, y: number) => me.alive && sight.canSee(me, x, y);
}

describe("SocialGridTimeline of a player's view", () => {
  it("draws at every step the seat itself and exactly the players its playerView sees, where they are", () => {
    let hidden = 0;
    let shown = 0;
    for (const seed of SEEDS) {
      const { entries, states } = playEpisode(QUICK, seed);
      for (const seat of seats) {
        const timeline = build(povLog(entries, seat));
        expect(timeline.pov).toBe(seat);
        expect(timeline.frameCount).toBe(states.length);
        states.forEach((state, step) => {
          const frame = timeline.frame(step);
          const visible = Object.values(socialgrid.playerView(state, seat).visiblePlayers).sort();
          const drawn = seats.filter((s) => s !== seat && isDrawn(frame, s));
          // The env step that ends the game stops before the later players act.
          if (socialgrid.isTerminal(state)) expect(visible).toEqual(expect.arrayContaining(drawn.map(playerName)));
          else expect(drawn.map(playerName).sort(), `seed ${seed} seat ${seat} step ${step}`).toEqual(visible);
          expect(isDrawn(frame, seat)).toBe(state.players[seat].alive);
          for (const s of isDrawn(frame, seat) ? [seat, ...drawn] : drawn) {
            const p = state.players[s];
            expect(Array.from(frame.poses.subarray(s * 3, s * 3 + 3))).toEqual([p.x, p.y, p.facing]);
          }
          for (const s of seats.filter((s) => !frame.inView![s])) {
            const seen = timeline.lastSeen(step, s);
            if (seen !== null) expect([seen < step, timeline.frame(seen).inView![s]]).toEqual([true, true]);
          }
          const alive = state.players.filter((p) => p.alive && p.seat !== seat).length;
          hidden += alive - drawn.length;
          shown += drawn.length;
        });
      }
    }
    // Players were both in and out of view.
    expect(hidden).toBeGreaterThan(1000);
    expect(shown).toBeGreaterThan(100);
  });

  it("knows doors and bodies as last seen: those in sight as they are, none made up; deaths only when learnt", () => {
    let corpsesSeen = 0;
    for (const seed of SEEDS) {
      const { entries, states } = playEpisode(QUICK, seed);
      for (const seat of seats) {
        const timeline = build(povLog(entries, seat));
        states.forEach((state, step) => {
          const frame = timeline.frame(step);
          const sees = inSight(state, seat);
          for (const door of state.map.doors)
            if (sees(door.pos.x, door.pos.y)) expect(frame.doorsOpen[door.id]).toBe(state.doorsOpen[door.id]);
          const corpses = state.corpses.map((c) => ({ seat: c.seat, x: c.x, y: c.y }));
          expect(corpses).toEqual(expect.arrayContaining([...frame.corpses]));
          const inView = corpses.filter((c) => sees(c.x, c.y));
          expect(frame.corpses).toEqual(expect.arrayContaining(inView));
          corpsesSeen += inView.length;
          for (const s of seats) if (frame.fates[s] !== "alive") expect(state.players[s].alive).toBe(false);
          // A meeting announces who is alive.
          if (frame.phase !== "task")
            expect(frame.fates.map((f) => f === "alive")).toEqual(state.players.map((p) => p.alive));
        });
      }
    }
    expect(corpsesSeen).toBeGreaterThan(5);
  });

  it("shows a crewmate its own role only and an impostor every role", () => {
    const { entries, states } = playEpisode(QUICK, 3);
    const roles = states[0].players.map((p) => p.role);
    for (const seat of seats) {
      const timeline = build(povLog(entries, seat));
      const expected = roles[seat] === "impostor" ? roles : roles.map((role, s) => (s === seat ? role : UNKNOWN_ROLE));
      expect(timeline.roles).toEqual(expected);
      expect(timeline.frame(0).progress.filter((tasks) => tasks.length > 0)).toHaveLength(1);
    }
    expect(roles.filter((r) => r === "crewmate").length).toBeGreaterThan(0);
  });

  it("marks the kills the seat witnessed, and builds the same frames however the log is cut (live)", () => {
    const { entries } = playEpisode(QUICK, 11);
    const killsBySeat = seats.map((seat) => {
      const log = povLog(entries, seat);
      const whole = build(log);
      for (const chunk of [1, 7, 64]) {
        const pieces = build(log, chunk);
        expect(pieces.frameCount).toBe(whole.frameCount);
        for (let step = 0; step < whole.frameCount; step++) expect(pieces.frame(step)).toEqual(whole.frame(step));
      }
      const kills = whole.markers().filter((m) => m.kind === "kill").length;
      expect(kills).toBe(log.filter((e) => e.type === "kill").length);
      return kills;
    });
    const allKills = entries.filter((e) => e.type === "kill").length;
    expect(Math.min(...killsBySeat)).toBeLessThan(allKills);
    expect(povLog(entries, 0).some((e) => e.type === "hidden")).toBe(true);
  });
});
