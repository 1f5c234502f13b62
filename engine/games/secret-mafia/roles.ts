import type { Role, Team } from "./events";
import { playerName } from "./messages";

const DESCRIPTIONS: Record<Role, string> = {
  Villager:
    "A regular villager. Your goal is to identify and eliminate all Mafia members through voting during the day.",
  Mafia:
    "A Mafia member. Your goal is to eliminate villagers until the Mafia make up at least half of the living players.",
  Doctor: "A villager with medical skills. Each night you protect one other player from the Mafia's attack.",
  Detective:
    "A villager with investigative skills. Each night you investigate one other player and learn whether they are a Mafia member.",
};

const NIGHT_ABILITIES: Record<Role, string> = {
  Villager: "You have no special actions during the night.",
  Mafia:
    "'[Player X]' or '[X]' - vote to eliminate Player X (a non-Mafia player). Only the Mafia see these votes; the most voted player is attacked (ties are broken at random).",
  Doctor: "'[Player X]' or '[X]' - protect Player X (not yourself) from the Mafia tonight.",
  Detective:
    "'[Player X]' or '[X]' - investigate Player X (not yourself); you learn at once whether they are a Mafia member.",
};

/** The opening observation (TextArena's role prompt): role, team, the players, the rules and the night ability. */
export function rolePrompt(
  seat: number,
  role: Role,
  team: Team,
  players: number,
  mafia: number[],
  discussionRounds: number,
): string {
  const lines = [
    `Welcome to Secret Mafia! You are ${playerName(seat)}.`,
    `Your role: ${role}`,
    `Team: ${team}`,
    `Description: ${DESCRIPTIONS[role]}`,
    "",
    `Players: ${Array.from({ length: players }, (_, i) => playerName(i)).join(", ")}`,
    "",
  ];
  if (role === "Mafia") {
    const mates = mafia.filter((s) => s !== seat).map(playerName);
    lines.push(mates.length > 0 ? `Your fellow Mafia: ${mates.join(", ")}.` : "You are the only Mafia member.", "");
  }
  lines.push(
    "The game progresses through Night and Day phases:",
    "- Night: the Mafia secretly vote on a victim; then the Doctor protects one player and the Detective investigates one player.",
    `- Day: the night's result is announced (roles are never revealed), then ${discussionRounds} round${discussionRounds === 1 ? "" : "s"} of discussion in which every living player speaks in turn; everything you say is broadcast to all players.`,
    "- After the discussion every living player votes publicly, in the format '[Player X]' or '[X]'; the most voted player is eliminated (ties are broken at random).",
    "- An invalid move earns a warning and a retry; a second invalid move in a row eliminates you.",
    "- The Village wins once every Mafia member is eliminated; the Mafia win as soon as they make up at least half of the living players.",
    "",
    "Your night ability:",
    `  ${NIGHT_ABILITIES[role]}`,
  );
  return lines.join("\n");
}
