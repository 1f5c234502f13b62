/**
 * Detection accuracy of the `detective` bot against scripted impostors (default config: 7 players, 2
 * impostors), over seeded games on the engine (no database).
 *
 *   npx tsx scripts/detective-eval.ts [--games 200] [--from 1] [--detectives 5]
 */
import { parseArgs } from "node:util";
import { evaluateDetection, type VoteTally } from "../engine/games/socialgrid/bots/detection-eval";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "200" },
    from: { type: "string", default: "1" },
    detectives: { type: "string", default: "5" },
  },
});
const games = Number(values.games);
const from = Number(values.from);
const detectives = Number(values.detectives);

const percent = (value: number | null) => (value === null ? "n/a" : `${(100 * value).toFixed(1)}%`);
const line = (name: string, t: VoteTally) =>
  `${name}: accuracy ${percent(t.accuracy)} (${t.correct}/${t.nonSkipVotes} non-skip votes; ${t.votes - t.nonSkipVotes} skips); dynamic baseline ${percent(t.dynamicBaseline)}`;

const started = performance.now();
const result = evaluateDetection({ seeds: Array.from({ length: games }, (_, i) => from + i), detectives });
console.log(
  `${result.games} games (seeds ${from}..${from + games - 1}), ${detectives} detective(s) among 5 crew vs 2 scripted impostors`,
);
console.log(line("detective", result.detective));
if (result.scriptedCrewmate.votes > 0) console.log(line("scripted-crewmate", result.scriptedCrewmate));
console.log(`static baseline ${percent(result.staticBaseline)}; crew won ${result.crewWins}/${result.games}`);
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
