"use client";

import { memo, useEffect, useState } from "react";
import { UNKNOWN_ROLE } from "@/engine/games/socialgrid/pov";
import { playerName, type Meeting, type ShownRole, type SocialGridTimeline } from "./timeline";
import { seatColor } from "./draw";

interface VotingPanelProps {
  timeline: SocialGridTimeline;
  /** The timeline's version: votes may have arrived. */
  version: number;
  step: number;
  godView: boolean;
  onSeek: (step: number) => void;
}

/** The voting phases so far (App. A, Fig. 10): why each happened, statements, every vote with its thought, the tally, the outcome. */
export const VotingPanel = memo(function VotingPanel({ timeline, step, godView, onSeek }: VotingPanelProps) {
  const shown = timeline.meetingsUpTo(step).reverse();
  const { roles } = timeline;
  const voteEvery = Number(timeline.start?.config.voteEvery ?? 0);
  return (
    <section aria-labelledby="votes-heading" className="rounded-xl border border-slate-800 bg-slate-900/60">
      <h2 id="votes-heading" className="border-b border-slate-800 px-3 py-2 text-sm font-semibold">
        Votes
      </h2>
      {shown.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-400">
          No meeting yet. Votes happen {voteEvery > 0 ? `every ${voteEvery} steps, ` : ""}when a body is reported or the
          button is pressed.
        </p>
      ) : (
        <ol className="max-h-[32rem] divide-y divide-slate-800 overflow-y-auto">
          {shown.map((m, i) => (
            <li key={m.round}>
              <MeetingCard meeting={m} step={step} roles={roles} godView={godView} onSeek={onSeek} expanded={i === 0} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});

function why(m: Meeting): string {
  if (m.reason === "report")
    return `${m.caller === null ? "Someone" : playerName(m.caller)} reported ${m.body === null ? "a body" : `${playerName(m.body)}'s body`}`;
  if (m.reason === "button")
    return `${m.caller === null ? "Someone" : playerName(m.caller)} pressed the emergency button`;
  return "Scheduled vote";
}

interface MeetingCardProps {
  meeting: Meeting;
  step: number;
  roles: readonly ShownRole[];
  godView: boolean;
  expanded: boolean;
  onSeek: (step: number) => void;
}

function MeetingCard({ meeting: m, step, roles, godView, expanded: initiallyExpanded, onSeek }: MeetingCardProps) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  useEffect(() => setExpanded(initiallyExpanded), [initiallyExpanded]);
  const counted = m.result !== null && m.endFrame !== null && step >= m.endFrame;
  // Discussion turn k is the k-th frame after the meeting was called.
  const statements = m.statements.filter((s) => m.startFrame + s.turn <= step);
  return (
    <article aria-labelledby={`meeting-${m.round}`} className="px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`meeting-${m.round}`} className="text-sm font-semibold">
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
            className="inline-flex items-center gap-1 hover:text-white"
          >
            <span
              aria-hidden
              className={`inline-block text-[10px] text-slate-400 transition-transform ${expanded ? "rotate-90" : ""}`}
            >
              ▶
            </span>
            Meeting {m.round}
          </button>
        </h3>
        <span className="text-xs text-slate-400">
          env step {m.t} · {why(m)}
        </span>
        <button
          type="button"
          onClick={() => onSeek(m.endFrame ?? m.startFrame)}
          className="ml-auto rounded px-2 py-0.5 text-xs text-emerald-300 ring-1 ring-emerald-500/30 hover:bg-emerald-500/10"
        >
          Show meeting {m.round}
        </button>
      </div>
      {expanded && (
        <>
          {statements.length > 0 && (
            <ul aria-label="Statements" className="mt-2 space-y-1.5">
              {statements.map((s) => (
                <li key={`${s.turn}-${s.seat}`} className="text-xs">
                  <Voter seat={s.seat} /> <span className="text-slate-500">turn {s.turn}:</span>{" "}
                  <span className="text-slate-200">{s.text || "(silent)"}</span>
                </li>
              ))}
            </ul>
          )}
          {counted ? (
            <>
              <ul aria-label={`Votes of meeting ${m.round}`} className="mt-2 space-y-2">
                {m.votes.map((v) => (
                  <li key={v.seat} className="text-xs">
                    <p>
                      <Voter seat={v.seat} /> <span className="text-slate-500">voted</span>{" "}
                      {v.vote === "skip" ? <span className="text-slate-300">skip</span> : <Voter seat={v.vote} />}
                      {v.flags?.invalidTarget && (
                        <span className="ml-1 text-amber-300">(invalid: {v.flags.invalidTarget})</span>
                      )}
                    </p>
                    {v.thought && <p className="mt-0.5 line-clamp-3 text-slate-400">“{v.thought}”</p>}
                  </li>
                ))}
              </ul>
              <Tally meeting={m} />
              <Outcome meeting={m} roles={roles} godView={godView} />
            </>
          ) : (
            <p className="mt-2 text-xs text-amber-200">Voting in progress…</p>
          )}
        </>
      )}
    </article>
  );
}

function Voter({ seat }: { seat: number }) {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-slate-100">
      <span aria-hidden className="inline-block h-2 w-2 rounded-full" style={{ background: seatColor(seat) }} />
      {playerName(seat)}
    </span>
  );
}

function Tally({ meeting }: { meeting: Meeting }) {
  const entries = Object.entries(meeting.result!.tally)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  return (
    <div className="mt-2">
      <h4 className="text-[11px] font-medium uppercase tracking-wide text-slate-400">Tally</h4>
      <ul className="mt-1 space-y-1">
        {entries.map(([key, n]) => (
          <li key={key} className="flex items-center gap-2 text-xs">
            <span className="w-16 shrink-0 text-slate-300">{key === "skip" ? "skip" : playerName(Number(key))}</span>
            <span className="h-2 rounded-sm bg-emerald-500/70" style={{ width: `${(n / max) * 60}%` }} />
            <span className="tabular-nums text-slate-300">{n}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Outcome({ meeting, roles, godView }: { meeting: Meeting; roles: readonly ShownRole[]; godView: boolean }) {
  const ejected = meeting.result!.ejected;
  if (ejected === null) return <p className="mt-2 text-xs font-medium text-slate-300">No one was ejected.</p>;
  const role = godView && roles[ejected] !== UNKNOWN_ROLE ? roles[ejected] : meeting.result!.ejectedRole;
  return (
    <p className="mt-2 text-xs font-medium text-violet-200">
      {playerName(ejected)} was ejected{role ? ` — ${role === "impostor" ? "an impostor" : "a crewmate"}` : ""}.
    </p>
  );
}
