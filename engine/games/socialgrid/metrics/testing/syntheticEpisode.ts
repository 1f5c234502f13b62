import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { ACTIONS, type Role, type SocialGridEvent } from "../../events";
import { EpisodeLogBuilder, type VoteSpec } from "./episodeLogBuilder";

const ACTION_POOL = [
  ACTIONS.MOVE_FORWARD,
  ACTIONS.MOVE_FORWARD,
  ACTIONS.MOVE_BACKWARD,
  ACTIONS.STRAFE_LEFT,
  ACTIONS.STRAFE_RIGHT,
  ACTIONS.TURN_LEFT,
  ACTIONS.TURN_RIGHT,
  ACTIONS.TURN_BACK,
  ACTIONS.NOOP,
  ACTIONS.DO_TASK,
  ACTIONS.OPEN_DOOR,
  ACTIONS.CLOSE_DOOR,
];
const THOUGHTS = ["No evidence, voting randomly.", "Player moved erratically.", "I saw a kill.", "Seems fine.", ""];

/**
 * A full-length 7-player (5 crew, 2 impostors) log with seeded random actions, a voting phase every
 * 200 env steps in which most players skip (so nobody is ejected and everyone acts to the end).
 */
export function syntheticEpisode(seed: number, steps = 2500): SocialGridEvent[] {
  const rng = xoroshiro128plus(seed);
  const pick = <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)];
  const roles: Role[] = ["crewmate", "crewmate", "crewmate", "crewmate", "crewmate", "impostor", "impostor"];
  const starts = roles.map((_, seat) => ({ x: 10 * seat, y: 10 }));
  const b = new EpisodeLogBuilder({
    roles,
    starts,
    tasks: starts.map(({ x, y }, seat) => [
      { id: `common_${seat}`, kind: "common", station: { x: x + 1, y } },
      { id: `short_${seat}`, kind: "short", station: { x, y: y + 2 } },
      { id: `long_${seat}`, kind: "long", station: { x: x - 2, y } },
    ]),
    doors: starts.map(({ x, y }, seat) => ({ id: seat, pos: { x, y: y - 1 } })),
  });
  for (let t = 1; t <= steps; t++) {
    b.step(Object.fromEntries(roles.map((_, seat) => [seat, pick(ACTION_POOL)])));
    if (t % 200 !== 0) continue;
    const votes: VoteSpec[] = b.alive.map((seat) => ({
      seat,
      vote: seat < 4 ? "skip" : pick(b.alive.filter((s) => s !== seat)),
      trust: Object.fromEntries(b.alive.filter((s) => s !== seat).map((s) => [s, uniformInt(rng, 0, 100) / 100])),
      thought: pick(THOUGHTS),
    }));
    b.voteRound(votes);
  }
  return b.end("impostors", "step_limit");
}
