/** SocialGrid as an arena game module (engine/core/module.ts): the paper's embodied gridworld Among Us. */
import { z } from "zod";
import { agentOptionsOf, type GameModule } from "../../core/module";
import { type BoardCorpse, type BoardPhase, type Fate, type SocialGridBoard, socialGridBoard } from "./board";
import { Detective } from "./bots/detective";
import { ScriptedCrewmate } from "./bots/crewmate";
import { ScriptedImpostor } from "./bots/impostor";
import { randomDecision } from "./bots/random";
import { byRole } from "./bots/role-bot";
import type { BotRequest } from "./bots/view";
import type { SocialGridConfig } from "./config";
import type { SocialGridDecision } from "./decisions";
import { socialgrid } from "./definition";
import { type MapInfo, playerName, type Role, type SocialGridEvent } from "./events";
import { socialGridLeaderboard } from "./leaderboard";
import { type EpisodeMetrics, episodeMetrics } from "./metrics";
import { SocialGridPov } from "./pov";
import { renderPrompt } from "./prompts";
import { payloadFor, socialGridDecisions } from "./replies";
import type { GameResult, SocialGridState } from "./state";
import { playerView } from "./view";

const ORACLE_LEVELS = ["high", "mid", "low"] as const;

/** An agent's own way of playing SocialGrid (the paper's prompt settings). */
export const socialGridAgentOptions = z.strictObject({
  oracle: z.enum(ORACLE_LEVELS).optional().meta({
    title: "Planning oracle",
    description: "Planning-oracle level of this agent's observations and prompts; unset: the game's setting",
  }),
  macro: z.boolean().optional().meta({
    title: "Macro actions",
    description:
      "Whether this agent may queue several actions per reply in macro mode; unset: yes (false: one at a time)",
  }),
});
export type SocialGridAgentOptions = z.infer<typeof socialGridAgentOptions>;

const TEAM_LABELS = { crew: "Crew", impostors: "Impostors" } as const;

/** A thumbnail of a board: the map and the newest positions, fates, doors and corpses. */
export interface SocialGridScene {
  [key: string]: unknown;
  t: number;
  phase: BoardPhase;
  meeting: number;
  map: MapInfo;
  roles: Role[];
  /** x, y, facing per seat. */
  poses: number[];
  fates: readonly Fate[];
  doorsOpen: readonly boolean[];
  corpses: readonly BoardCorpse[];
}

const scripted = (seed: number) =>
  byRole({ crewmate: () => new ScriptedCrewmate(seed), impostor: () => new ScriptedImpostor(seed) });

export const socialgridModule: GameModule<
  SocialGridConfig,
  SocialGridState,
  SocialGridDecision,
  SocialGridEvent,
  GameResult,
  SocialGridBoard,
  EpisodeMetrics
> = {
  id: "socialgrid",
  title: "SocialGrid",
  summary:
    "An embodied gridworld Among Us (SocialGrid paper): rooms and doors, tasks, a limited field of view, kills, bodies and votes with trust scores.",
  definition: socialgrid,
  players: { min: 1, max: 20 },
  seats: (config) => config.players,
  roles: [
    {
      id: "crewmate",
      label: "Crewmate",
      plural: "Crewmates",
      team: "crew",
      description: "Completes tasks and votes out the impostors.",
    },
    {
      id: "impostor",
      label: "Impostor",
      plural: "Impostors",
      team: "impostors",
      description: "Fakes tasks, kills crewmates, avoids ejection.",
    },
  ],
  teams: [
    { id: "crew", label: TEAM_LABELS.crew },
    { id: "impostors", label: TEAM_LABELS.impostors },
  ],
  roleOf: (state, seat) => state.players[seat].role,
  playerName,
  summarize: (result) => ({
    winner: result.winner,
    outcome: `${TEAM_LABELS[result.winner]} win · ${result.reason.replaceAll("_", " ")}`,
    length: `${result.t} steps`,
  }),
  decisions: socialGridDecisions,
  agentOptions: socialGridAgentOptions,
  request(state, pending, { options }) {
    const { oracle, macro } = agentOptionsOf(socialGridAgentOptions, options);
    // An agent may play at its own planning-oracle level: its view is rendered at that level.
    const viewState =
      oracle && oracle !== state.config.oracle ? { ...state, config: { ...state.config, oracle } } : state;
    const view = playerView(viewState, pending.seat);
    const maxActions = state.config.macroMode && macro !== false ? state.config.maxMacroActions : 1;
    return { step: view.t, payload: payloadFor(pending.kind, view, maxActions), prompt: () => renderPrompt(view) };
  },
  bots: {
    random: {
      description: "Uniformly random allowed actions, votes and trust: the paper's chance baselines.",
      create: (seed) => ({ choose: (request) => randomDecision(seed, request as BotRequest) }),
    },
    scripted: {
      description:
        "A scripted policy per role: crewmates follow the oracle and report; impostors fake tasks, stalk and frame.",
      create: scripted,
    },
    "scripted-crewmate": {
      description: "The scripted crewmate (an impostor seat plays the scripted impostor).",
      create: scripted,
    },
    "scripted-impostor": {
      description: "The scripted impostor (a crewmate seat plays the scripted crewmate).",
      create: scripted,
    },
    detective: {
      description: "A crewmate that accumulates behavioural evidence and votes for the likeliest impostor.",
      create: (seed) => byRole({ crewmate: () => new Detective(seed), impostor: () => new ScriptedImpostor(seed) }),
    },
  },
  board: socialGridBoard,
  seatView(seat) {
    const pov = new SocialGridPov(seat);
    return (events) => pov.redact(events as SocialGridEvent[]);
  },
  scene(board): SocialGridScene | null {
    if (!board.start) return null;
    return {
      t: board.t,
      phase: board.phase,
      meeting: board.phase === "task" || board.phase === "over" ? 0 : board.meeting,
      map: board.start.map,
      // Thumbnails show the god log only: every role is known.
      roles: board.start.players.map((p) => p.role as Role),
      poses: Array.from(board.poses),
      fates: board.fates,
      doorsOpen: board.doorsOpen,
      corpses: board.corpses,
    };
  },
  metrics: (events) => episodeMetrics(events),
  leaderboard: socialGridLeaderboard,
  league: {
    fields: [
      { path: "players", label: "Players" },
      { path: "impostors", label: "Impostors" },
      { path: "roomSize", label: "Room size", hint: "Tiles per side" },
      { path: "layout.rows", label: "Room rows" },
      { path: "layout.cols", label: "Room columns" },
      { path: "maxSteps", label: "Max steps" },
      { path: "voteEvery", label: "Vote every", hint: "Steps; 0: only called votes" },
    ],
    variants: { path: "oracle", label: "Planning oracle levels (one config per level)", values: [...ORACLE_LEVELS] },
  },
  // A small game that meets after every env step, with a discussion: every kind of decision comes up at once.
  exampleConfig: { players: 5, impostors: 1, voteEvery: 1, discussionRounds: 1 },
};
