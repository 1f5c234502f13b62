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
  /** Share of the agent's steps flagged, by failure mode. */
  fractions: Record<string, number>;
}

const MODE_LABEL: Record<string, string> = {
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

/** The paper's failure detectors as a radar: the share of the agent's steps each one flagged, per role. */
export function FailureRadar({ series }: { series: RadarSeries[] }) {
  const modes = Object.keys(series[0]?.fractions ?? {});
  const data = modes.map((mode) => ({
    mode: MODE_LABEL[mode] ?? mode,
    ...Object.fromEntries(series.map((s) => [s.role, Math.round(1000 * s.fractions[mode]) / 10])),
  }));
  return (
    <figure aria-label="Failure modes" className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <figcaption className="text-sm font-medium text-slate-200">Failure modes (% of its steps flagged)</figcaption>
      <div className="h-80">
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={data} outerRadius="70%">
            <PolarGrid stroke="#334155" />
            <PolarAngleAxis dataKey="mode" tick={{ fill: "#cbd5e1", fontSize: 11 }} />
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
