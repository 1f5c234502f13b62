/** Werewolf (WOLF, seed 004) as an arena game module: debate with bidding, deception analyses and suspicion. */
import { z } from "zod";
import type { AgentRoleCounts, GameModule, LeaderboardColumn } from "../../core/module";
import { countRatio, RoleCounts } from "../../core/role-counts";
import { type WerewolfBoard, werewolfBoard, werewolfSeatView } from "./board";
import { randomWerewolfDecision } from "./bots/random";
import { scriptedWerewolfDecision } from "./bots/scripted";
import type { BotRequest } from "./bots/table";
import { PLAYER_NAMES, playerCount, type WerewolfConfig } from "./config";
import type { WerewolfDecision } from "./decisions";
import { werewolf } from "./definition";
import type { WerewolfEvent } from "./events";
import { type WerewolfMetrics, werewolfMetrics } from "./metrics";
import { renderPrompt } from "./prompts";
import { payloadFor, werewolfDecisions } from "./replies";
import type { GameResult, WerewolfState } from "./state";
import { playerView } from "./view";

const TEAM_LABELS = { werewolves: "Werewolves", villagers: "Villagers" } as const;

/** Per agent and role: peer analyses judged against the truth (agreement with self-reports and Brier). */
function counts(metrics: WerewolfMetrics, seats: ReadonlyArray<{ agent: string; role: string }>): AgentRoleCounts[] {
  const tally = new RoleCounts(seats);
  for (const o of metrics.observers) {
    tally.add(o.seat, "agreementHits", o.tp + o.tn);
    tally.add(o.seat, "agreementCases", o.total);
  }
  for (const o of metrics.calibration) {
    if (o.brier === null) continue;
    tally.add(o.seat, "brierSum", o.brier * o.judgements);
    tally.add(o.seat, "judgements", o.judgements);
  }
  return tally.list();
}

/** The leaderboard's and agent pages' figures, from the episode's deception and suspicion metrics. */
const columns: LeaderboardColumn[] = [
  {
    key: "agreement",
    label: "Agreement",
    title: "Its peer deception labels that matched the speakers' self-reports",
    format: "percent",
    value: (c) => countRatio(c.agreementHits, c.agreementCases),
  },
  {
    key: "brier",
    label: "Brier",
    title: "Calibration of its suspicion against the true roles (lower is better)",
    format: "fixed3",
    value: (c) => countRatio(c.brierSum, c.judgements),
  },
];

export const werewolfModule: GameModule<
  WerewolfConfig,
  WerewolfState,
  WerewolfDecision,
  WerewolfEvent,
  GameResult,
  WerewolfBoard,
  WerewolfMetrics
> = {
  id: "werewolf",
  title: "Werewolf (WOLF)",
  summary:
    "Werewolf as in WOLF (seed 004): night actions, bidding for the floor, statements rated for deception by every player, and majority votes.",
  definition: werewolf,
  players: { min: 3, max: PLAYER_NAMES.length },
  seats: playerCount,
  roles: [
    {
      id: "Werewolf",
      label: "Werewolf",
      plural: "Werewolves",
      team: "werewolves",
      description: "Kills a villager each night with the pack.",
    },
    {
      id: "Seer",
      label: "Seer",
      plural: "Seers",
      team: "villagers",
      description: "Learns one player's exact role each night.",
    },
    {
      id: "Doctor",
      label: "Doctor",
      plural: "Doctors",
      team: "villagers",
      description: "Protects one player each night.",
    },
    {
      id: "Villager",
      label: "Villager",
      plural: "Villagers",
      team: "villagers",
      description: "Finds the werewolves by debate and vote.",
    },
  ],
  teams: [
    { id: "werewolves", label: TEAM_LABELS.werewolves },
    { id: "villagers", label: TEAM_LABELS.villagers },
  ],
  roleOf: (state, seat) => state.players[seat].role,
  playerName: (seat) => PLAYER_NAMES[seat] ?? `Player_${seat}`,
  summarize: (result) => ({
    winner: result.winner,
    outcome: `${TEAM_LABELS[result.winner]} win · ${result.reason.replaceAll("_", " ")}`,
    length: `${result.round} rounds`,
  }),
  decisions: werewolfDecisions,
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
      description: "Uniformly random targets, bids, canned statements and analyses.",
      create: (seed) => ({ choose: (request) => randomWerewolfDecision(seed, request as BotRequest) }),
    },
    scripted: {
      description:
        "A scripted policy per role: the Seer unmasks and reveals wolves, the Doctor guards a claimed Seer, the pack agrees on a scapegoat.",
      create: (seed) => ({ choose: (request) => scriptedWerewolfDecision(seed, request as BotRequest) }),
    },
  },
  board: werewolfBoard,
  seatView: werewolfSeatView,
  metrics: (events) => werewolfMetrics(events),
  leaderboard: {
    counts,
    columns,
    stats: columns,
  },
  league: { fields: [] },
};
