/** One SocialGrid league game: one agent controls every crewmate, another every impostor (paper §3.2). */
export interface LeagueGame {
  id: string;
  /** Chronological position (e.g. finish time); ties are broken by id. */
  order: number;
  crewAgent: string;
  impostorAgent: string;
  winner: "crew" | "impostors";
}

/** Table 1: K = 64, base 1500, "10 iterations" read as 10 chronological passes. */
export interface EloConfig {
  k: number;
  base: number;
  passes: number;
}

export const DEFAULT_ELO: EloConfig = { k: 64, base: 1500, passes: 10 };

export interface RoleRecord {
  rating: number;
  games: number;
  wins: number;
}

export interface AgentElo {
  agent: string;
  crew: RoleRecord;
  impostor: RoleRecord;
}

/** A league in chronological order with agents mapped to indices, for the hot loops. */
export interface CompiledLeague {
  /** Sorted agent ids; index = agent number. */
  agents: string[];
  crew: Int32Array;
  impostor: Int32Array;
  crewWon: Uint8Array;
}

export function compileLeague(games: readonly LeagueGame[]): CompiledLeague {
  const ordered = [...games].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const agents = [...new Set(ordered.flatMap((g) => [g.crewAgent, g.impostorAgent]))].sort();
  const number = new Map(agents.map((a, i) => [a, i]));
  const n = ordered.length;
  const league: CompiledLeague = {
    agents,
    crew: new Int32Array(n),
    impostor: new Int32Array(n),
    crewWon: new Uint8Array(n),
  };
  ordered.forEach((g, i) => {
    league.crew[i] = number.get(g.crewAgent)!;
    league.impostor[i] = number.get(g.impostorAgent)!;
    league.crewWon[i] = g.winner === "crew" ? 1 : 0;
  });
  return league;
}

const LN10_OVER_400 = Math.LN10 / 400;

/**
 * e^y by its Taylor series to degree 11 (Estrin's scheme, for a short dependency chain): relative
 * error < 1e-13 for |y| ≤ 0.4, the range of Elo steps with K ≤ 69.
 */
function expSmall(y: number): number {
  const y2 = y * y;
  const y4 = y2 * y2;
  const low = 1 + y + y2 * (1 / 2 + y / 6) + y4 * (1 / 24 + y / 120 + y2 * (1 / 720 + y / 5040));
  const high = 1 / 40_320 + y / 362_880 + y2 * (1 / 3_628_800 + y / 39_916_800);
  return low + y4 * y4 * high;
}

/**
 * Role-specific Elo: per game one zero-sum update between the crew rating of the crew agent and
 * the impostor rating of the impostor agent; `passes` runs over the games in order, each pass
 * continuing from the previous ratings. Writes into `crewOut` / `impostorOut` (length = agents).
 *
 * Runs on strengths q = 10^((R − base)/400), so the expected score is q_c / (q_c + q_i) and an
 * update multiplies by e^(Δ·ln10/400); |Δ| ≤ K keeps that exponent small enough for `expSmall`
 * (this is the hot loop of the bootstrap: 200 × passes × games updates).
 */
export function runLeagueElo(
  league: CompiledLeague,
  config: EloConfig,
  crewOut: Float64Array,
  impostorOut: Float64Array,
): void {
  const { passes } = config;
  const step = config.k * LN10_OVER_400;
  const smallSteps = Math.abs(step) <= 0.4;
  const crewStrength = crewOut.fill(1);
  const impostorStrength = impostorOut.fill(1);
  const { crew, impostor, crewWon } = league;
  const n = crew.length;
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < n; i++) {
      const c = crew[i];
      const m = impostor[i];
      const qc = crewStrength[c];
      const qm = impostorStrength[m];
      const y = step * (crewWon[i] - qc / (qc + qm));
      const factor = smallSteps ? expSmall(y) : Math.exp(y);
      crewStrength[c] = qc * factor;
      impostorStrength[m] = qm / factor;
    }
  }
  for (let a = 0; a < crewOut.length; a++) {
    crewOut[a] = config.base + Math.log(crewStrength[a]) / LN10_OVER_400;
    impostorOut[a] = config.base + Math.log(impostorStrength[a]) / LN10_OVER_400;
  }
}

export function leagueElo(games: readonly LeagueGame[], config: EloConfig = DEFAULT_ELO): AgentElo[] {
  const league = compileLeague(games);
  const crew = new Float64Array(league.agents.length);
  const impostor = new Float64Array(league.agents.length);
  runLeagueElo(league, config, crew, impostor);
  const records = league.agents.map((agent, i) => ({
    agent,
    crew: { rating: crew[i], games: 0, wins: 0 },
    impostor: { rating: impostor[i], games: 0, wins: 0 },
  }));
  for (let i = 0; i < league.crew.length; i++) {
    const c = records[league.crew[i]].crew;
    const m = records[league.impostor[i]].impostor;
    c.games++;
    m.games++;
    if (league.crewWon[i]) c.wins++;
    else m.wins++;
  }
  return records;
}
