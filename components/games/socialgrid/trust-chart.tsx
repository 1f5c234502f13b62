"use client";

import { memo, useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { trustSeries, type TrustFilter, type TrustLine, type TrustSeries } from "./trust";
import { playerName, type SocialGridTimeline } from "./timeline";
import { seatColor } from "./draw";

interface TrustChartProps {
  timeline: SocialGridTimeline;
  /** The timeline's version: new votes may have arrived. */
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
/** The plot area's insets inside the chart box, fixed so the cursor can be drawn over it without Recharts. */
const PLOT = { top: 8, right: 12, bottom: 4, yAxis: 36, xAxis: 30 };

export const TrustChart = memo(function TrustChart({ timeline, step, godView, onSeek }: TrustChartProps) {
  const [filter, setFilter] = useState<TrustFilter>({ voter: null, target: null });
  const roles = timeline.roles;
  // Recomputed when a vote arrives, not at every event of a live game.
  const { voteCount } = timeline;
  // biome-ignore lint/correctness/useExhaustiveDependencies: voteCount says when the meetings grew.
  const series = useMemo(() => trustSeries(timeline.meetings, roles, filter), [timeline, roles, voteCount, filter]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const votes = useMemo(
    () => timeline.meetings.flatMap((m) => (m.endFrame === null ? [] : [{ round: m.round, frame: m.endFrame }])),
    [timeline, voteCount],
  );
  const last = Math.max(1, timeline.frameCount - 1);
  const seats = roles.map((_, seat) => seat);

  return (
    <section aria-labelledby="trust-heading" className="self-start rounded-xl border border-slate-800 bg-slate-900/60">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-800 px-3 py-2">
        <h2 id="trust-heading" className="text-sm font-semibold">
          Trust
        </h2>
        <SeatFilter
          label="Voter"
          value={filter.voter}
          seats={seats}
          onChange={(voter) => setFilter((f) => ({ ...f, voter }))}
        />
        <SeatFilter
          label="Target"
          value={filter.target}
          seats={seats}
          onChange={(target) => setFilter((f) => ({ ...f, target }))}
        />
      </div>
      {series.rows.length === 0 ? (
        <p className="px-3 py-10 text-center text-sm text-slate-400">Trust scores appear after the first vote.</p>
      ) : (
        <div className="px-1 pt-3">
          <section
            className="relative h-64 [&_g:focus]:outline-none [&_svg:focus]:outline-none"
            aria-label="Trust chart: click a point to go to that vote"
          >
            <TrustLines series={series} votes={votes} last={last} godView={godView} onSeek={onSeek} />
            <div
              aria-hidden
              className="pointer-events-none absolute w-px bg-emerald-400"
              style={{
                top: PLOT.top,
                bottom: PLOT.bottom + PLOT.xAxis,
                left: `calc(${PLOT.yAxis}px + (100% - ${PLOT.yAxis + PLOT.right}px) * ${Math.min(step, last) / last})`,
              }}
            />
          </section>
          <ul aria-label="Lines" className="flex flex-wrap gap-x-3 gap-y-1 px-3 pb-3 pt-1 text-[11px] text-slate-300">
            {series.lines.map((line) => (
              <li key={line.key} className="inline-flex items-center gap-1.5">
                <svg aria-hidden width="18" height="6">
                  <line
                    x1="0"
                    y1="3"
                    x2="18"
                    y2="3"
                    stroke={seatColor(line.seat)}
                    strokeWidth="2"
                    strokeDasharray={dashed(line, godView) ? "5 3" : undefined}
                  />
                </svg>
                {line.label}
                {dashed(line, godView) && <span className="text-rose-300">impostor</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});

const dashed = (line: TrustLine, godView: boolean) => godView && line.impostor;

interface TrustLinesProps {
  series: TrustSeries;
  votes: Array<{ round: number; frame: number }>;
  last: number;
  godView: boolean;
  onSeek: (step: number) => void;
}

/** The chart itself, redrawn only when the data changes (not at every step of playback). */
const TrustLines = memo(function TrustLines({ series, votes, last, godView, onSeek }: TrustLinesProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={series.rows}
        margin={{ top: PLOT.top, right: PLOT.right, bottom: PLOT.bottom, left: 0 }}
        accessibilityLayer={false}
        onClick={(state) => {
          const frame = Number(state?.activeLabel);
          if (Number.isFinite(frame)) onSeek(frame);
        }}
      >
        <CartesianGrid stroke="#1e293b" vertical={false} />
        <XAxis
          type="number"
          dataKey="frame"
          domain={[0, last]}
          height={PLOT.xAxis}
          tick={{ fill: "#94a3b8", fontSize: 11 }}
          stroke="#334155"
          allowDecimals={false}
        />
        <YAxis
          domain={[0, 1]}
          width={PLOT.yAxis}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tick={{ fill: "#94a3b8", fontSize: 11 }}
          stroke="#334155"
        />
        <Tooltip
          contentStyle={{ background: "#0f172a", border: "1px solid #334155", borderRadius: 8, fontSize: 12 }}
          labelFormatter={(frame) => `step ${frame}`}
          formatter={(value, name) => [typeof value === "number" ? value.toFixed(2) : String(value), name]}
        />
        {votes.map((v) => (
          <ReferenceLine key={v.round} x={v.frame} stroke="#334155" strokeDasharray="3 3" />
        ))}
        {series.lines.map((line) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.label}
            stroke={seatColor(line.seat)}
            strokeWidth={1.75}
            strokeDasharray={dashed(line, godView) ? "6 3" : undefined}
            isAnimationActive={false}
            connectNulls
            dot={(props) => (
              <TrustDot
                key={`${line.key}-${props.index}`}
                cx={props.cx}
                cy={props.cy}
                value={props.value}
                row={props.payload}
                line={line}
                onSeek={onSeek}
              />
            )}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
});

interface TrustDotProps {
  cx?: number;
  cy?: number;
  value: unknown;
  row: { round: number; frame: number };
  line: TrustLine;
  onSeek: (step: number) => void;
}

/** A vote's point on a line: a button that goes to that vote. None where the voter or target was out. */
function TrustDot({ cx, cy, value, row, line, onSeek }: TrustDotProps) {
  if (typeof value !== "number" || cx == null || cy == null) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a point of an SVG chart; SVG has no button element.
    <circle
      cx={cx}
      cy={cy}
      r={4}
      fill={seatColor(line.seat)}
      stroke="#0f172a"
      strokeWidth={1}
      role="button"
      aria-label={`Vote ${row.round}: trust ${line.label} ${value.toFixed(2)}, go to step ${row.frame}`}
      style={{ cursor: "pointer", outline: "none" }}
      onClick={() => onSeek(row.frame)}
    />
  );
}

function SeatFilter({
  label,
  value,
  seats,
  onChange,
}: {
  label: string;
  value: number | null;
  seats: number[];
  onChange: (seat: number | null) => void;
}) {
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
