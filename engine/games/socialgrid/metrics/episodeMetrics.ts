import type { Role, SocialGridEvent, WinReason } from "../events";
import { detectionMetrics, chanceBaseline, type DetectionMetrics } from "./detectionAccuracy";
import { indexEpisode } from "./episodeIndex";
import {
  DEFAULT_FAILURE_THRESHOLDS,
  failureFlags,
  failureReport,
  type FailureReport,
  type FailureThresholds,
} from "./failureDetectors";
import { pointKey } from "./geometry";
import { DEFAULT_TASK_WEIGHTS, taskMetrics, type TaskMetrics, type TaskWeights } from "./taskMetrics";
import { trustMetrics, type TrustMetrics } from "./trustMetrics";
import {
  DEFAULT_REASONING_CONFIG,
  voteReasoning,
  type CrewReasoning,
  type ImpostorVoteClasses,
  type ReasoningConfig,
} from "./voteReasoning";
import { DEFAULT_WIN_LEAN, winLeanSeries, type WinLeanConfig, type WinLeanSeries } from "./winLean";

export interface MetricsConfig {
  taskWeights: TaskWeights;
  failureThresholds: FailureThresholds;
  winLean: WinLeanConfig;
  reasoning: ReasoningConfig;
}

export const DEFAULT_METRICS_CONFIG: MetricsConfig = {
  taskWeights: DEFAULT_TASK_WEIGHTS,
  failureThresholds: DEFAULT_FAILURE_THRESHOLDS,
  winLean: DEFAULT_WIN_LEAN,
  reasoning: DEFAULT_REASONING_CONFIG,
};

export interface SeatMetrics {
  seat: number;
  role: Role;
  /** Alive when the log ends. */
  survived: boolean;
  /** TP, PSR, PE, PP; null for seats without real tasks (impostors). */
  tasks: TaskMetrics | null;
  trust: TrustMetrics;
  /** null for impostors. */
  detection: DetectionMetrics | null;
  failures: FailureReport;
  reasoning: CrewReasoning | ImpostorVoteClasses;
}

export interface EpisodeFacts {
  players: number;
  roles: Role[];
  impostors: number[];
  /** null when the log has no game_end (unfinished episode). */
  winner: "crew" | "impostors" | null;
  reason: WinReason | null;
  /** Env steps played. */
  length: number;
  voteRounds: number;
  kills: number;
  ejections: number[];
  /** |I| / (N − 1). */
  staticBaseline: number;
  /** Pooled over all crewmates' non-skip votes: the crew side's detection in this episode. */
  crewDetection: { correct: number; votes: number };
}

export interface EpisodeMetrics {
  episode: EpisodeFacts;
  /** Indexed by seat. */
  seats: SeatMetrics[];
  winLean: WinLeanSeries;
}

/** Every per-episode metric of the paper, from the event log alone. */
export function episodeMetrics(
  events: readonly SocialGridEvent[],
  config: Partial<MetricsConfig> = {},
): EpisodeMetrics {
  const cfg = { ...DEFAULT_METRICS_CONFIG, ...config };
  const index = indexEpisode(events);
  const players = index.start.players;

  const doorAt = new Map(index.start.map.doors.map((d) => [pointKey(d.pos.x, d.pos.y), d.id]));
  const dead = new Set<number>(index.kills.map((k) => k.victim));
  for (const round of index.rounds) if (round.result?.ejected != null) dead.add(round.result.ejected);

  const seats: SeatMetrics[] = [];
  for (const { seat, role } of players) {
    const track = index.tracks[seat];
    const completionSteps = new Set(index.completions.filter((c) => c.seat === seat).map((c) => c.t));
    seats[seat] = {
      seat,
      role,
      survived: !dead.has(seat),
      tasks: taskMetrics(index, seat, cfg.taskWeights),
      trust: trustMetrics(index, seat),
      detection: detectionMetrics(index, seat),
      failures: failureReport(
        failureFlags(track, { doorAt, completionSteps }, cfg.failureThresholds),
        track.steps.length,
      ),
      reasoning: voteReasoning(index, seat, cfg.reasoning),
    };
  }

  const impostors = players.filter((p) => p.role === "impostor").map((p) => p.seat);
  const crewDetection = { correct: 0, votes: 0 };
  for (const s of seats) {
    if (!s?.detection) continue;
    crewDetection.correct += s.detection.correct;
    crewDetection.votes += s.detection.nonSkipVotes;
  }
  return {
    episode: {
      players: players.length,
      roles: index.roles,
      impostors,
      winner: index.end?.winner ?? null,
      reason: index.end?.reason ?? null,
      length: index.length,
      voteRounds: index.rounds.length,
      kills: index.kills.length,
      ejections: index.rounds.flatMap((r) => (r.result?.ejected != null ? [r.result.ejected] : [])),
      staticBaseline: chanceBaseline(players.length, impostors.length),
      crewDetection,
    },
    seats,
    winLean: winLeanSeries(index, cfg.winLean),
  };
}
