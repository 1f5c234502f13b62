/**
 * SocialGrid on the leaderboard and agent pages: the paper's league (one agent holds every crew seat, another
 * every impostor seat) and per-agent figures summed over episodes from the episode metrics.
 */
import type { AgentRoleCounts, LeaderboardColumn, LeaderboardSpec } from "../../core/module";
import { countRatio, RoleCounts } from "../../core/role-counts";
import { type EpisodeMetrics, FAILURE_MODES } from "./metrics";

/** Per agent and role: seat-level ratios as sums and counts, votes and steps pooled. */
function counts(metrics: EpisodeMetrics, seats: ReadonlyArray<{ agent: string; role: string }>): AgentRoleCounts[] {
  const tally = new RoleCounts(seats);
  for (const s of metrics.seats) {
    if (!s) continue;
    const add = (name: string, value: number) => tally.add(s.seat, name, value);
    const mean = (name: string, value: number | null | undefined) => {
      if (value === null || value === undefined) return;
      add(`${name}Sum`, value);
      add(`${name}N`, 1);
    };
    mean("tp", s.tasks?.tp);
    mean("psr", s.tasks?.psr);
    mean("pp", s.tasks?.pp);
    mean("brier", s.trust.brier);
    mean("volatility", s.trust.volatility);
    if (s.detection) {
      add("detectionVotes", s.detection.nonSkipVotes);
      add("detectionCorrect", s.detection.correct);
    }
    add("steps", s.failures.steps);
    add("stuckSteps", s.failures.stuckSteps);
    for (const mode of FAILURE_MODES) add(`flagged_${mode}`, s.failures.flaggedSteps[mode]);
    if (s.reasoning.role === "impostor") {
      add("impostorVotes", s.reasoning.votes);
      add("misdirection", s.reasoning.misdirection);
    }
  }
  return tally.list();
}

const MODE_LABEL: Record<(typeof FAILURE_MODES)[number], string> = {
  doorToggle: "Door toggle",
  doorSpam: "Door spam",
  positionPingPong: "Ping-pong",
  moveBacktrackLoop: "Move backtrack",
  strafeBacktrackLoop: "Strafe backtrack",
  moveOscillation: "Move oscillation",
  strafeOscillation: "Strafe oscillation",
  turnToggle: "Turn toggle",
  noopStall: "NOOP stall",
  taskFixation: "Task fixation",
};

const percentOf = (num: string, den: string) => (c: Readonly<Record<string, number>>) => countRatio(c[num], c[den]);

const detection: LeaderboardColumn = {
  key: "detection",
  label: "Detection",
  title: "Crewmate non-skip votes that hit an impostor",
  role: "crewmate",
  format: "percent",
  value: percentOf("detectionCorrect", "detectionVotes"),
};
const tp: LeaderboardColumn = {
  key: "tp",
  label: "TP",
  title: "Task progress as crewmate: weighted share of its tasks completed",
  role: "crewmate",
  format: "percent",
  value: percentOf("tpSum", "tpN"),
};

export const socialGridLeaderboard: LeaderboardSpec<EpisodeMetrics> = {
  sides: { crew: "crewmate", impostor: "impostor" },
  counts,
  sideDetection: (metrics) => metrics.episode.crewDetection,
  columns: [detection, tp],
  stats: [
    { ...tp, roles: ["crewmate"], role: undefined },
    {
      key: "psr",
      label: "PSR",
      title: "Planning success rate: share of task stations reached",
      roles: ["crewmate"],
      format: "percent",
      value: percentOf("psrSum", "psrN"),
    },
    {
      key: "pp",
      label: "PP",
      title: "Path efficiency over completed tasks",
      roles: ["crewmate"],
      format: "percent",
      value: percentOf("ppSum", "ppN"),
    },
    { ...detection, roles: ["crewmate"], role: undefined },
    {
      key: "misdirection",
      label: "Misdirection",
      title: "Votes against crew while trusting a fellow impostor",
      roles: ["impostor"],
      format: "percent",
      value: percentOf("misdirection", "impostorVotes"),
    },
    {
      key: "brier",
      label: "Brier",
      title: "Trust calibration (lower is better)",
      format: "fixed3",
      value: percentOf("brierSum", "brierN"),
    },
    {
      key: "volatility",
      label: "Volatility",
      title: "Mean change of its trust scores between votes",
      roles: ["crewmate"],
      format: "fixed3",
      value: percentOf("volatilitySum", "volatilityN"),
    },
    {
      key: "stuckness",
      label: "Stuckness",
      title: "Share of its steps flagged by any failure detector",
      format: "percent1",
      value: percentOf("stuckSteps", "steps"),
    },
  ],
  radar: {
    title: "Failure modes (% of its steps flagged)",
    axes: FAILURE_MODES.map((mode) => ({
      key: mode,
      label: MODE_LABEL[mode],
      value: percentOf(`flagged_${mode}`, "steps"),
    })),
  },
};
