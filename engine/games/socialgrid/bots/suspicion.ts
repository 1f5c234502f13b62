/**
 * The detective's posterior over who the impostors are. Hypotheses are the possible impostor sets among
 * the other players, uniform a priori (each player is an impostor with probability impostors/(players−1));
 * each piece of evidence multiplies a hypothesis by how likely it makes what was seen:
 * - a kill seen happening: the killer is an impostor;
 * - a death: the killer is one of the impostors alive then, and could have stood next to the victim at some
 *   step of the window given every sighting of them (an alibi rules a player out); being seen in the room of
 *   the body around the kill makes a player likelier to be the killer;
 * - public votes: impostors rarely vote for each other;
 * - the game goes on: at least one impostor lives, and fewer than the live crewmates.
 */
import { Rng } from "../../../core/rng";
import type { KillRecord, Observations } from "./observations";

/** Weight of an impossible explanation: small rather than zero, so a misread observation cannot wipe out every hypothesis. */
const IMPOSSIBLE = 1e-4;
/** Likelihood ratio of being seen in the body's room, or within NEAR tiles of it, during the kill window. */
const PRESENT_AT_KILL = 2;
const NEAR = 3;
/** Relative probability of one player voting for another, by their roles. */
const VOTE_WEIGHT = { impostorForImpostor: 0.1, impostorForCrew: 1, crewForImpostor: 1, crewForCrew: 0.5 };
/** Above this many impostor sets, a seeded uniform sample of this many stands in for all of them. */
const MAX_HYPOTHESES = 20_000;

/** P(impostor) per seat (0 for oneself and for players known to be crew). */
export function impostorPosterior(obs: Observations): number[] {
  const known = knownRoles(obs);
  const candidates: number[] = [];
  for (let seat = 0; seat < obs.players; seat++) if (known[seat] === undefined) candidates.push(seat);
  const sure = known.filter((role) => role === "impostor").length;
  const hypotheses = impostorSets(candidates, obs.impostors - sure);
  const fixed = known.flatMap((role, seat) => (role === "impostor" ? [seat] : []));

  const killWeights = obs.kills.map((kill) => killerWeights(obs, kill));
  const posterior = new Array<number>(obs.players).fill(0);
  let total = 0;
  for (const chosen of hypotheses) {
    const impostors = [...fixed, ...chosen];
    const isImpostor = new Array<boolean>(obs.players).fill(false);
    for (const seat of impostors) isImpostor[seat] = true;
    let weight = 1;
    for (const seen of obs.seenKills) if (!isImpostor[seen.killer]) weight *= IMPOSSIBLE;
    obs.kills.forEach((kill, i) => (weight *= killLikelihood(obs, kill, killWeights[i], impostors)));
    for (const vote of obs.votes) {
      if (vote.voter === obs.self || vote.target === "skip") continue;
      weight *= voteWeight(isImpostor[vote.voter], isImpostor[vote.target]);
    }
    const liveImpostors = obs.alive.filter((seat) => isImpostor[seat]).length;
    if (liveImpostors === 0 || liveImpostors >= obs.alive.length - liveImpostors) weight *= IMPOSSIBLE;
    total += weight;
    for (const seat of impostors) posterior[seat] += weight;
  }
  return posterior.map((p) => (total > 0 ? p / total : 0));
}

/** Roles that are certain: oneself, the dead (only crewmates are killed), roles revealed on ejection. */
function knownRoles(obs: Observations): Array<"crewmate" | "impostor" | undefined> {
  const known = new Array<"crewmate" | "impostor" | undefined>(obs.players).fill(undefined);
  known[obs.self] = "crewmate";
  for (const kill of obs.kills) known[kill.victim] = "crewmate";
  for (const [seat, role] of obs.revealed) known[seat] = role;
  return known;
}

/** How strongly each player's sightings point at them as the killer: 0 = impossible, 1 = no sign, more = present. */
function killerWeights(obs: Observations, kill: KillRecord): number[] {
  return Array.from({ length: obs.players }, (_, seat) => {
    if (seat === kill.victim || seat === obs.self || !couldHaveKilled(obs, seat, kill)) return 0;
    return wasPresent(obs, seat, kill) ? PRESENT_AT_KILL : 1;
  });
}

/** The killer is one of the impostors alive at the time, each as likely a priori. */
function killLikelihood(
  obs: Observations,
  kill: KillRecord,
  weights: readonly number[],
  impostors: readonly number[],
): number {
  let sum = 0;
  let n = 0;
  for (const seat of impostors) {
    const ejected = obs.ejectedAt.get(seat);
    if (ejected !== undefined && ejected < kill.from) continue;
    n++;
    sum += weights[seat] === 0 ? IMPOSSIBLE : weights[seat];
  }
  return n === 0 ? IMPOSSIBLE : sum / n;
}

/**
 * Whether some step k of the kill window lets the player stand next to the victim at k given all its
 * sightings: it moves at most one tile per step (Manhattan distance ignores walls, so this never rules out
 * a real killer). Without a body, the victim itself was within (k − last sighting) tiles of where it was
 * last seen.
 */
function couldHaveKilled(obs: Observations, seat: number, kill: KillRecord): boolean {
  const s = obs.sightings[seat];
  const victim = obs.sightings[kill.victim];
  const lastVictim = victim.t.length - 1;
  if (!kill.at && lastVictim < 0) return true;
  const place = kill.at ?? { x: victim.x[lastVictim], y: victim.y[lastVictim] };
  const since = kill.at ? null : victim.t[lastVictim];
  const reach = obs.map.width + obs.map.height;
  const first = lowerBound(s.t, kill.from - reach);
  for (let k = kill.from; k <= kill.to; k++) {
    const slack = since === null ? 1 : 1 + (k - since);
    let possible = true;
    for (let i = first; i < s.t.length && s.t[i] <= kill.to + reach; i++) {
      const d = Math.abs(s.x[i] - place.x) + Math.abs(s.y[i] - place.y);
      if (d > Math.abs(s.t[i] - k) + slack) {
        possible = false;
        break;
      }
    }
    if (possible) return true;
  }
  return false;
}

/** Seen in the body's room, or within NEAR tiles of it, between shortly before the window and the discovery. */
function wasPresent(obs: Observations, seat: number, kill: KillRecord): boolean {
  if (!kill.at) return false;
  const s = obs.sightings[seat];
  for (let i = lowerBound(s.t, kill.from - NEAR); i < s.t.length && s.t[i] <= kill.to; i++) {
    const d = Math.abs(s.x[i] - kill.at.x) + Math.abs(s.y[i] - kill.at.y);
    if (s.room[i] === kill.room || d <= NEAR) return true;
  }
  return false;
}

function voteWeight(voterIsImpostor: boolean, targetIsImpostor: boolean): number {
  if (voterIsImpostor) return targetIsImpostor ? VOTE_WEIGHT.impostorForImpostor : VOTE_WEIGHT.impostorForCrew;
  return targetIsImpostor ? VOTE_WEIGHT.crewForImpostor : VOTE_WEIGHT.crewForCrew;
}

/** Every k-subset of `seats`, or a seeded uniform sample of them when there are too many. */
function impostorSets(seats: readonly number[], k: number): number[][] {
  if (k <= 0) return [[]];
  if (k > seats.length) return [];
  if (binomial(seats.length, k) <= MAX_HYPOTHESES) return combinations(seats, k);
  const rng = Rng.seeded(seats.length * 31 + k);
  return Array.from({ length: MAX_HYPOTHESES }, () => rng.shuffle([...seats]).slice(0, k));
}

function combinations(seats: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= seats.length - (k - pick.length); i++) {
      pick.push(seats[i]);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** First index whose value is ≥ `value` in an ascending array. */
function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
