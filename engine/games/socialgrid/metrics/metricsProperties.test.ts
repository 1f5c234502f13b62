import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIONS } from "../events";
import { episodeMetrics } from "./episodeMetrics";
import { FAILURE_MODES } from "./failureDetectors";
import { EpisodeLogBuilder } from "./testing/episodeLogBuilder";
import { syntheticEpisode } from "./testing/syntheticEpisode";

/** Every action but report, button and kill (which need other players). */
const actionCodes = Object.values(ACTIONS)
  .filter((code) => code <= ACTIONS.CLOSE_DOOR)
  .map((code) => fc.constant<number>(code));

describe("metric invariants on arbitrary action sequences", () => {
  it("fractions are in [0,1] and stuckness lies between the largest fraction and their sum", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(...actionCodes), { minLength: 1, maxLength: 300 }), (sequence) => {
        const b = new EpisodeLogBuilder({
          roles: ["crewmate", "impostor"],
          starts: [{ x: 0, y: 0 }],
          doors: [
            { id: 0, pos: { x: 1, y: 0 } },
            { id: 1, pos: { x: 0, y: 1 } },
          ],
          tasks: [
            [
              { id: "c", station: { x: -1, y: 0 } },
              { id: "l", kind: "long", station: { x: 0, y: -1 } },
            ],
          ],
        });
        b.actions(0, sequence);
        const seat = episodeMetrics(b.end("impostors")).seats[0];
        const fractions = FAILURE_MODES.map((m) => seat.failures.fractions[m]);
        for (const f of fractions) expect(f).toBeGreaterThanOrEqual(0);
        expect(seat.failures.stuckness).toBeGreaterThanOrEqual(Math.max(...fractions));
        expect(seat.failures.stuckness).toBeLessThanOrEqual(
          Math.min(
            1,
            fractions.reduce((a, c) => a + c, 0),
          ) + 1e-12,
        );
        const tasks = seat.tasks!;
        for (const v of [tasks.tp, tasks.psr, tasks.pp, ...tasks.tasks.map((k) => k.pe)]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        expect(tasks.tp).toBeLessThanOrEqual(tasks.psr);
      }),
      { numRuns: 300 },
    );
  });
});

describe("synthetic benchmark episode", () => {
  it("is a full 2,500-step log with all 7 players acting to the end", () => {
    const m = episodeMetrics(syntheticEpisode(1));
    expect(m.episode).toMatchObject({ players: 7, length: 2500, voteRounds: 12, ejections: [], kills: 0 });
    expect(m.seats.map((s) => s.failures.steps)).toEqual(Array(7).fill(2500));
  });

  it("is deterministic for a seed", () => {
    expect(syntheticEpisode(5, 300)).toEqual(syntheticEpisode(5, 300));
    expect(syntheticEpisode(5, 300)).not.toEqual(syntheticEpisode(6, 300));
  });
});
