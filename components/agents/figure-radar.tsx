"use client";

import {
  Legend,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
} from "recharts";

export interface RadarSeries {
  role: string;
  label: string;
  colour: string;
  /** Shares in [0, 1] per axis (null: not measured). */
  axes: Array<{ key: string; label: string; value: number | null }>;
}

/** A game's radar chart of an agent (SocialGrid: the failure detectors' shares of its steps), one series per role. */
export function FigureRadar({ title, series }: { title: string; series: RadarSeries[] }) {
  const axes = series[0]?.axes ?? [];
  const data = axes.map((axis, i) => ({
    axis: axis.label,
    ...Object.fromEntries(series.map((s) => [s.role, Math.round(1000 * (s.axes[i]?.value ?? 0)) / 10])),
  }));
  return (
    <figure aria-label={title} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <figcaption className="text-sm font-medium text-slate-200">{title}</figcaption>
      <div className="h-80">
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={data} outerRadius="70%">
            <PolarGrid stroke="#334155" />
            <PolarAngleAxis dataKey="axis" tick={{ fill: "#cbd5e1", fontSize: 11 }} />
            <PolarRadiusAxis angle={90} tick={{ fill: "#64748b", fontSize: 10 }} stroke="#334155" />
            {series.map((s) => (
              <Radar
                key={s.role}
                name={s.label}
                dataKey={s.role}
                stroke={s.colour}
                fill={s.colour}
                fillOpacity={0.25}
                isAnimationActive={false}
              />
            ))}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Tooltip
              contentStyle={{ background: "#0f172a", border: "1px solid #334155", borderRadius: 8, fontSize: 12 }}
              formatter={(v) => `${v}%`}
            />
          </RadarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
