import type { LeagueGame } from "./leagueElo";

export interface HeadToHeadGame extends LeagueGame {
  /** Pooled non-skip votes of the crew side and how many hit an impostor (EpisodeFacts.crewDetection). */
  crewDetection?: { correct: number; votes: number };
}

/** Square matrices over `agents` (row i, column j); null where the pair has no games. */
export interface HeadToHead {
  agents: string[];
  /** Games between i and j in either role (symmetric; the diagonal counts self-play). */
  games: number[][];
  /** Share of the games between i and j won by i, either role; self-play diagonal 0.5 (as the paper's heatmap). */
  winRate: Array<Array<number | null>>;
  /** Games with i as crew and j as impostors. */
  crewGames: number[][];
  /** Crew win rate of i against j's impostors. */
  crewWinRate: Array<Array<number | null>>;
  /** Non-skip crew votes of i against j's impostors. */
  detectionVotes: number[][];
  /** Detection accuracy of i's crew against j's impostors (pooled votes). */
  detectionAccuracy: Array<Array<number | null>>;
}

export function headToHead(games: readonly HeadToHeadGame[]): HeadToHead {
  const agents = [...new Set(games.flatMap((g) => [g.crewAgent, g.impostorAgent]))].sort();
  const index = new Map(agents.map((a, i) => [a, i]));
  const square = () => agents.map(() => agents.map(() => 0));
  const total = square();
  const wins = square();
  const crewGames = square();
  const crewWins = square();
  const votes = square();
  const correct = square();

  for (const g of games) {
    const c = index.get(g.crewAgent)!;
    const m = index.get(g.impostorAgent)!;
    const crewWon = g.winner === "crew";
    crewGames[c][m]++;
    if (crewWon) crewWins[c][m]++;
    total[c][m]++;
    if (c !== m) total[m][c]++;
    if (crewWon) wins[c][m]++;
    else wins[m][c]++;
    if (g.crewDetection) {
      votes[c][m] += g.crewDetection.votes;
      correct[c][m] += g.crewDetection.correct;
    }
  }

  const ratio = (num: number[][], den: number[][]) =>
    num.map((row, i) => row.map((x, j) => (den[i][j] > 0 ? x / den[i][j] : null)));
  const winRate = ratio(wins, total);
  agents.forEach((_, i) => {
    if (total[i][i] > 0) winRate[i][i] = 0.5;
  });
  return {
    agents,
    games: total,
    winRate,
    crewGames,
    crewWinRate: ratio(crewWins, crewGames),
    detectionVotes: votes,
    detectionAccuracy: ratio(correct, votes),
  };
}
