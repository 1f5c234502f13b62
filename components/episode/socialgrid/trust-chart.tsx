"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { trustSeries, type TrustFilter, type TrustLine } from "@/lib/viewer/socialgrid/trust";
import { playerName, type SocialGridTimeline } from "@/lib/viewer/socialgrid/timeline";
import { seatColor } from "./draw";

interface TrustChartProps {
  timeline: SocialGridTimeline;
  version: number;
  step: number;
  godView: boolean;
  onSeek: (step: number) => void;
}

/**
 * Trust over the vote rounds (App. A, Fig. 9) as navigation, like lichess's evaluation chart: click a point
 * to seek to that vote; the green line is the current step, dashed dividers mark the votes. Impostors'
 * lines are dashed in the god view.
 */
export function TrustChart({ timeline, version, step, godView, onSeek }: TrustChartProps) {
  const [filter, setFilter] = useState<TrustFilter>({ voter: null, target: null });
  const roles = timeline.roles;
  const series = useMemo(() => trustSeries(timeline.meetings, roles, filter), [timeline, roles, version, filter]);
  const votes = useMemo(() => timeline.meetings.flatMap((m) => (m.endFrame === null ? [] : [{ round: m.round, frame: m.endFrame }])), [timeline, version]);
  const cursor = useDeferredValue(step);
  const last = Math.max(1, timeline.frameCount - 1);
  const seats = roles.map((_, seat) => seat);
  const dashed = (line: TrustLine) => godView && line.impostor;

  return (
    <section aria-labelledby="trust-heading" className="rounded-xl border border-slate-800 bg-slate-900/60">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-800 px-3 py-2">
        <h2 id="trust-heading" className="text-sm font-semibold">
          Trust
        </h2>
        <SeatFilter label="Voter" value={filter.voter} seats={seats} onChange={(voter) => setFilter((f) => ({ ...f, voter }))} />
        <SeatFilter label="Target" value={filter.target} seats={seats} onChange={(target) => setFilter((f) => ({ ...f, target }))} />
      </div>
      {series.rows.length === 0 ? (
        <p className="px-3 py-10 text-center text-sm text-slate-400">Trust scores appear after the first vote.</p>
      ) : (
        <div className="px-1 pt-3">
          <div className="h-64" role="group" aria-label="Trust chart: click a point to go to that vote">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={series.rows}
                margin={{ top: 4, right: 12, bottom: 4, left: -16 }}
                accessibilityLayer={false}
                onClick={(state) => {
                  const frame = Number(state?.activeLabel);
                  if (Number.isFinite(frame)) onSeek(frame);
                }}
              >
                <CartesianGrid stroke="#1e293b" vertical={false} />
                <XAxis type="number" dataKey="frame" domain={[0, last]} tick={{ fill: "#94a3b8", fontSize: 11 }} stroke="#334155" allowDecimals={false} />
                <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={{ fill: "#94a3b8", fontSize: 11 }} stroke="#334155" />
                <Tooltip
                  contentStyle={{ background: "#0f172a", border: "1px solid #334155", borderRadius: 8, fontSize: 12 }}
                  labelFormatter={(frame) => `step ${frame}`}
                  formatter={(value, name) => [typeof value === "number" ? value.toFixed(2) : String(value), name]}
                />
                {votes.map((v) => (
                  <ReferenceLine key={v.round} x={v.frame} stroke="#334155" strokeDasharray="3 3" />
                ))}
                <ReferenceLine x={Math.min(cursor, last)} stroke="#34d399" strokeWidth={1.5} />
                {series.lines.map((line) => (
                  <Line
                    key={line.key}
                    dataKey={line.key}
                    name={line.label}
                    stroke={seatColor(line.seat)}
                    strokeWidth={1.75}
                    strokeDasharray={dashed(line) ? "6 3" : undefined}
                    isAnimationActive={false}
                    connectNulls
                    dot={(props) => (
                      <circle
                        key={`${line.key}-${props.index}`}
                        cx={props.cx}
                        cy={props.cy}
                        r={4}
                        fill={seatColor(line.seat)}
                        stroke="#0f172a"
                        strokeWidth={1}
                        role="button"
                        aria-label={`Vote ${props.payload.round}: trust ${line.label} ${Number(props.value).toFixed(2)}, go to step ${props.payload.frame}`}
                        style={{ cursor: "pointer" }}
                        onClick={() => onSeek(props.payload.frame)}
                      />
                    )}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ul aria-label="Lines" className="flex flex-wrap gap-x-3 gap-y-1 px-3 pb-3 pt-1 text-[11px] text-slate-300">
            {series.lines.map((line) => (
              <li key={line.key} className="inline-flex items-center gap-1.5">
                <svg aria-hidden width="18" height="6">
                  <line x1="0" y1="3" x2="18" y2="3" stroke={seatColor(line.seat)} strokeWidth="2" strokeDasharray={dashed(line) ? "5 3" : undefined} />
                </svg>
                {line.label}
                {dashed(line) && <span className="text-rose-300">impostor</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function SeatFilter({ label, value, seats, onChange }: { label: string; value: number | null; seats: number[]; onChange: (seat: number | null) => void }) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-slate-400">
      {label}
      <select
        value={value === null ? "" : String(value)}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        className="rounded bg-slate-800 px-1.5 py-1 text-xs text-slate-200 ring-1 ring-slate-700"
      >
        <option value="">All</option>
        {seats.map((s) => (
          <option key={s} value={s}>
            {playerName(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
