/** Secret Mafia (MINDGAMES on TextArena, seed 001) as an arena game module. */
import { z } from "zod";
import type { AgentRoleCounts, GameModule, LeaderboardColumn } from "../../core/module";
import { countRatio, RoleCounts } from "../../core/role-counts";
import { type SecretMafiaBoard, secretMafiaBoard, secretMafiaSeatView } from "./board";
import { randomMafiaDecision } from "./bots/random";
import { scriptedMafiaDecision } from "./bots/scripted";
import type { BotRequest } from "./bots/table";
import type { SecretMafiaConfig } from "./config";
import type { SecretMafiaDecision } from "./decisions";
import { secretMafia } from "./definition";
import type { SecretMafiaEvent } from "./events";
import { playerName } from "./messages";
import { type SecretMafiaMetrics, secretMafiaMetrics } from "./metrics";
import { renderPrompt } from "./prompts";
import { payloadFor, secretMafiaDecisions } from "./replies";
import type { GameResult, SecretMafiaState } from "./state";
import { playerView } from "./view";

/** Per agent and role: seats held and survived, moves and the moves the rules rejected. */
function counts(metrics: SecretMafiaMetrics, seats: ReadonlyArray<{ agent: string; role: string }>): AgentRoleCounts[] {
  const tally = new RoleCounts(seats);
  for (const p of metrics.players) {
    tally.add(p.seat, "seats", 1);
    tally.add(p.seat, "survived", p.survived ? 1 : 0);
    tally.add(p.seat, "moves", p.moves);
    tally.add(p.seat, "invalidMoves", p.invalidMoves);
  }
  return tally.list();
}

// Shown beside the rating: team rewards also count members eliminated for invalid moves (MINDGAMES'
// "error-survival confound").
const columns: LeaderboardColumn[] = [
  {
    key: "survival",
    label: "Survival",
    title: "Seats of this role alive at the end",
    format: "percent",
    value: (c) => countRatio(c.survived, c.seats),
  },
  {
    key: "invalidMoves",
    label: "Invalid moves",
    title: "Moves the game rules rejected (a second in a row eliminates)",
    format: "percent1",
    value: (c) => countRatio(c.invalidMoves, c.moves),
  },
];

export const secretMafiaModule: GameModule<
  SecretMafiaConfig,
  SecretMafiaState,
  SecretMafiaDecision,
  SecretMafiaEvent,
  GameResult,
  SecretMafiaBoard,
  SecretMafiaMetrics
> = {
  id: "secret-mafia",
  title: "Secret Mafia",
  summary:
    "Mafia with TextArena's rules (MINDGAMES, seed 001): night kills, a Doctor and a Detective, public discussion and votes, invalid moves punished.",
  definition: secretMafia,
  players: { min: 6, max: 15 },
  seats: (config) => config.players,
  roles: [
    {
      id: "Mafia",
      label: "Mafia",
      plural: "Mafia members",
      team: "Mafia",
      description: "Eliminates villagers by night, blends in by day.",
    },
    {
      id: "Doctor",
      label: "Doctor",
      plural: "Doctors",
      team: "Village",
      description: "Protects one other player each night.",
    },
    {
      id: "Detective",
      label: "Detective",
      plural: "Detectives",
      team: "Village",
      description: "Learns whether a player is Mafia each night.",
    },
    {
      id: "Villager",
      label: "Villager",
      plural: "Villagers",
      team: "Village",
      description: "Finds the Mafia by discussion and vote.",
    },
  ],
  teams: [
    { id: "Mafia", label: "Mafia" },
    { id: "Village", label: "Village" },
  ],
  roleOf: (state, seat) => state.players[seat].role,
  playerName,
  summarize: (result) => ({
    winner: result.winner,
    outcome: `${result.winner} win`,
    length: `${result.gameInfo[0]?.turn_count ?? 0} turns`,
  }),
  decisions: secretMafiaDecisions,
  agentOptions: z.strictObject({}),
  request(state, pending, { round }) {
    const view = playerView(state, pending.seat);
    return {
      step: round,
      payload: payloadFor(pending.kind, view),
      prompt: () => renderPrompt(view) ?? { system: "", user: "" },
    };
  },
  bots: {
    random: {
      description: "A uniformly random valid target, or a canned line in discussion.",
      create: (seed) => ({ choose: (request) => randomMafiaDecision(seed, request as BotRequest) }),
    },
    scripted: {
      description:
        "A scripted policy per role: the Detective investigates and reveals, the Doctor guards a claimed Detective, the Mafia agree on victims.",
      create: (seed) => ({ choose: (request) => scriptedMafiaDecision(seed, request as BotRequest) }),
    },
  },
  board: secretMafiaBoard,
  seatView: secretMafiaSeatView,
  metrics: (events) => secretMafiaMetrics(events),
  leaderboard: { counts, columns, stats: columns },
  league: { fields: [] },
};
