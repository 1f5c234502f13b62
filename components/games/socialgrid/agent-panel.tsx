"use client";

import { memo } from "react";
import { ACTION_NAMES } from "@/engine/games/socialgrid/events";
import type { SeatStatus } from "@/lib/arena/events";
import type { EpisodeInfo } from "@/lib/viewer/episode-info";
import { episodeHref } from "@/lib/viewer/player-view";
import { playerName, type ShownRole, type SocialGridTimeline } from "./timeline";
import { seatColor } from "./draw";

const STATUS_STYLE: Record<SeatStatus, string> = {
  ok: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/30",
  timeout: "bg-amber-500/15 text-amber-200 ring-amber-500/40",
  error: "bg-rose-500/15 text-rose-200 ring-rose-500/40",
  invalid: "bg-orange-500/15 text-orange-200 ring-orange-500/40",
};

/** Role colours; "unknown" (a player's view of the others) looks like neither side. */
export const roleTone = (role: ShownRole) =>
  role === "impostor" ? "text-rose-300" : role === "crewmate" ? "text-sky-300" : "text-slate-400";
const ROLE_BADGE: Record<ShownRole, string> = {
  impostor: "bg-rose-500/15",
  crewmate: "bg-sky-500/10",
  unknown: "bg-slate-700/60",
};

interface AgentPanelProps {
  info: EpisodeInfo;
  timeline: SocialGridTimeline;
  /** The timeline's version: the newest frame may have grown. */
  version: number;
  step: number;
  /** Following a live game: links to other views follow it too. */
  following: boolean;
  selected: number | null;
  pov: boolean;
  onSelect: (seat: number | null) => void;
  onPov: (pov: boolean) => void;
}

/**
 * Every agent at the current step: status, latest action and thought, tasks; click one to see what it sees
 * (filtered here from the god log), or follow the link to watch the game as that player (the server's view).
 */
export const AgentPanel = memo(function AgentPanel({
  info,
  timeline,
  step,
  following,
  selected,
  pov,
  onSelect,
  onPov,
}: AgentPanelProps) {
  const seats = timeline.start?.players ?? [];
  const godLog = info.pov === null;
  return (
    <section
      aria-labelledby="agents-heading"
      className="flex min-h-0 flex-col rounded-xl border border-slate-800 bg-slate-900/60"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 px-3 py-2">
        <h2 id="agents-heading" className="text-sm font-semibold">
          Agents
        </h2>
        {godLog && (
          <label
            className={`flex items-center gap-2 text-xs ${selected === null ? "text-slate-500" : "text-slate-300"}`}
          >
            <input
              type="checkbox"
              checked={pov}
              disabled={selected === null}
              onChange={(e) => onPov(e.target.checked)}
              className="accent-emerald-500"
            />
            {selected === null ? "Player view (select an agent)" : `Only what ${playerName(selected)} sees`}
          </label>
        )}
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-slate-800 overflow-y-auto">
        {seats.map((p) => (
          <AgentCard
            key={p.seat}
            info={info}
            timeline={timeline}
            step={step}
            seat={p.seat}
            selected={selected === p.seat}
            showRole={!pov || p.seat === selected || (selected !== null && timeline.roles[selected] === "impostor")}
            watchHref={
              godLog && selected === p.seat
                ? episodeHref(info.id, { pov: p.seat, step: following ? null : step })
                : null
            }
            onSelect={() => onSelect(selected === p.seat ? null : p.seat)}
          />
        ))}
      </ul>
    </section>
  );
});

interface AgentCardProps {
  info: EpisodeInfo;
  timeline: SocialGridTimeline;
  step: number;
  seat: number;
  selected: boolean;
  showRole: boolean;
  /** The link to watch the game as this player, if offered. */
  watchHref: string | null;
  onSelect: () => void;
}

function AgentCard({ info, timeline, step, seat, selected, showRole, watchHref, onSelect }: AgentCardProps) {
  const frame = timeline.frame(step);
  const player = timeline.start!.players[seat];
  const fate = frame.fates[seat];
  const outOfView = frame.inView !== null && !frame.inView[seat];
  const lastSeen = outOfView ? timeline.lastSeen(step, seat) : null;
  const decision = timeline.decisionAt(step, seat);
  const status = decision?.meta?.status;
  const agent = info.participants.find((p) => p.seat === seat)?.agentName ?? "unknown agent";
  const acted =
    frame.acts && frame.acts[seat * 2] >= 0
      ? { action: frame.acts[seat * 2], ok: frame.acts[seat * 2 + 1] === 1 }
      : null;
  const thought = decision?.meta?.thought ?? (decision?.decision as { thought?: string } | undefined)?.thought;
  return (
    <li className={`px-3 py-2.5 ${selected ? "bg-slate-800/70" : ""} ${fate === "alive" ? "" : "opacity-60"}`}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-pressed={selected}
          aria-label={`${playerName(seat)} (${agent})`}
          onClick={onSelect}
          className="flex min-w-0 items-center gap-2 rounded-md text-left hover:text-white"
        >
          <span
            aria-hidden
            className="grid h-5 w-5 shrink-0 place-items-center rounded-full text-[10px] font-bold text-slate-950"
            style={{ background: seatColor(seat) }}
          >
            {seat}
          </span>
          <span className="shrink-0 text-sm font-medium">{playerName(seat)}</span>
          <span className="truncate text-xs text-slate-400">{agent}</span>
        </button>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {showRole && (
            <span
              className={`rounded px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide ${ROLE_BADGE[player.role]} ${roleTone(player.role)}`}
            >
              {player.role}
            </span>
          )}
          {fate !== "alive" && (
            <span className="rounded bg-slate-700 px-1.5 py-0.5 text-[10px] uppercase tracking-wide text-slate-200">
              {fate}
            </span>
          )}
          {status && (
            <span className={`rounded px-1.5 py-0.5 text-[10px] ring-1 ${STATUS_STYLE[status]}`}>{status}</span>
          )}
        </span>
      </div>
      {fate === "alive" && (
        <p className="mt-1 font-mono text-xs text-slate-300">
          {outOfView ? (
            <span className="text-slate-500">
              {lastSeen === null ? "not seen yet" : `out of view · last seen step ${lastSeen}`}
            </span>
          ) : acted ? (
            <>
              {ACTION_NAMES[acted.action] ?? acted.action}{" "}
              <span className={acted.ok ? "text-emerald-400" : "text-rose-400"}>{acted.ok ? "✓" : "✗ failed"}</span>
            </>
          ) : (
            <span className="text-slate-500">
              {frame.phase === "task" && frame.meeting === 0
                ? "no action this step"
                : decisionSummary(decision?.decision)}
            </span>
          )}
        </p>
      )}
      {decision?.error && (
        <p className="mt-1 text-xs text-rose-300">
          {decision.error.kind}: {decision.error.message}
        </p>
      )}
      {thought && <p className={`mt-1 text-xs text-slate-400 ${selected ? "" : "line-clamp-2"}`}>“{thought}”</p>}
      <TaskList tasks={player.tasks} progress={frame.progress[seat]} revealFake={showRole} />
      {watchHref && (
        <a
          href={watchHref}
          className="mt-2 inline-block rounded px-2 py-0.5 text-xs text-emerald-300 no-underline ring-1 ring-emerald-500/30 hover:bg-emerald-500/10"
        >
          Watch as {playerName(seat)}
        </a>
      )}
    </li>
  );
}

function decisionSummary(decision: unknown): string {
  const d = decision as { kind?: string; vote?: number | string; text?: string } | undefined;
  if (d?.kind === "vote") return `voted ${d.vote === "skip" ? "skip" : playerName(Number(d.vote))}`;
  if (d?.kind === "statement") return "made a statement";
  return "waiting";
}

interface TaskListProps {
  tasks: ReadonlyArray<{ id: string; name: string; kind: string; required: number; fake: boolean }>;
  progress: readonly number[];
  /** Whether an impostor's fake tasks may be shown as such (god view); otherwise they look like untouched tasks. */
  revealFake: boolean;
}

function TaskList({ tasks, progress, revealFake }: TaskListProps) {
  return (
    <ul aria-label="Tasks" className="mt-1.5 flex flex-wrap gap-1.5">
      {tasks.map((listed, i) => {
        const task = revealFake ? listed : { ...listed, fake: false };
        const done = !task.fake && progress[i] >= task.required;
        return (
          <li
            key={task.id}
            title={task.fake ? `${task.name}: fake task (impostor)` : `${task.name}: ${progress[i]}/${task.required}`}
            className={`rounded px-1.5 py-0.5 font-mono text-[10px] ring-1 ${
              task.fake
                ? "text-slate-500 ring-slate-700"
                : done
                  ? "bg-emerald-500/15 text-emerald-300 ring-emerald-500/30"
                  : "text-slate-300 ring-slate-700"
            }`}
          >
            {task.kind} {task.fake ? "fake" : done ? "✓" : `${progress[i]}/${task.required}`}
          </li>
        );
      })}
    </ul>
  );
}
