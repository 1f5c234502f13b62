import { ordinal, rate, rating, type Options, type Rating } from "openskill";
import type { LeagueGame } from "./leagueElo";

/** A game between teams (any number, any size), e.g. SocialGrid crew vs impostors or Werewolf villagers vs wolves. */
export interface RatedGame {
  id: string;
  /** Chronological position; ties are broken by id. */
  order: number;
  teams: Array<{
    members: Array<{ agent: string; role: string }>;
    /** 1 = best; equal ranks are draws. */
    rank: number;
  }>;
}

export interface SkillRating {
  agent: string;
  role: string;
  mu: number;
  sigma: number;
  /** μ − 3σ. */
  ordinal: number;
  games: number;
}

const playerKey = (agent: string, role: string) => JSON.stringify([agent, role]);

/**
 * OpenSkill (Plackett–Luce, the package default) ratings per agent and role, updated game by game in
 * chronological order. Rate one game type per call. An agent holding several seats of one team in
 * the same role counts once in that team (one rating cannot stand for several team members).
 */
export function openSkillRatings(games: readonly RatedGame[], options: Options = {}): SkillRating[] {
  const ordered = [...games].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const players = new Map<string, SkillRating>();
  const playerOf = (agent: string, role: string): SkillRating => {
    const key = playerKey(agent, role);
    let p = players.get(key);
    if (!p) {
      const initial = rating(undefined, options);
      p = { agent, role, mu: initial.mu, sigma: initial.sigma, ordinal: 0, games: 0 };
      players.set(key, p);
    }
    return p;
  };

  for (const game of ordered) {
    const teams = game.teams
      .map((team) => {
        const seen = new Set<string>();
        const members = team.members.flatMap(({ agent, role }) => {
          const key = playerKey(agent, role);
          if (seen.has(key)) return [];
          seen.add(key);
          return [playerOf(agent, role)];
        });
        return { members, rank: team.rank };
      })
      .filter((team) => team.members.length > 0);
    if (teams.length < 2) continue;
    const ratings: Rating[][] = teams.map((t) => t.members.map(({ mu, sigma }) => ({ mu, sigma })));
    const updated = rate(ratings, { ...options, rank: teams.map((t) => t.rank) });
    teams.forEach((team, i) =>
      team.members.forEach((p, j) => {
        p.mu = updated[i][j].mu;
        p.sigma = updated[i][j].sigma;
        p.games++;
      }),
    );
  }

  return [...players.values()]
    .map((p) => ({ ...p, ordinal: ordinal({ mu: p.mu, sigma: p.sigma }, options) }))
    .sort((a, b) => b.ordinal - a.ordinal || (a.agent < b.agent ? -1 : 1));
}

/** A SocialGrid league game as two one-member teams: the crew agent (role crewmate) and the impostor agent. */
export function leagueGameToRated(game: LeagueGame): RatedGame {
  const crewWon = game.winner === "crew";
  return {
    id: game.id,
    order: game.order,
    teams: [
      { members: [{ agent: game.crewAgent, role: "crewmate" }], rank: crewWon ? 1 : 2 },
      { members: [{ agent: game.impostorAgent, role: "impostor" }], rank: crewWon ? 2 : 1 },
    ],
  };
}
