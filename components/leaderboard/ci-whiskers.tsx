"use client";

import { CartesianGrid, ComposedChart, ErrorBar, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";

export interface WhiskerPoint {
  name: string;
  rating: number;
  lower: number;
  upper: number;
}

const ROW_HEIGHT = 34;

/** One line per agent (recharts would wrap long names into the next row), the full name on hover. */
function AgentTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? "");
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fill="#cbd5e1" fontSize={12}>
      <title>{name}</title>
      {name.length > 17 ? `${name.slice(0, 16)}…` : name}
    </text>
  );
}

/** What the whiskers show: "Elo" with its "95% CI" in whole points, or "OpenSkill μ" with "± 2σ" to one decimal. */
export interface WhiskerMeasure {
  name: string;
  interval: string;
  digits: number;
}

/** A rating per agent with its interval as a horizontal whisker. */
export function CiWhiskers({
  title,
  points,
  colour,
  measure,
}: {
  title: string;
  points: WhiskerPoint[];
  colour: string;
  measure: WhiskerMeasure;
}) {
  const data = points.map((p) => ({ ...p, ci: [p.rating - p.lower, p.upper - p.rating] as [number, number] }));
  const low = Math.min(...points.map((p) => p.lower));
  const high = Math.max(...points.map((p) => p.upper));
  const pad = Math.max(1, (high - low) * 0.08);
  return (
    <figure className="rounded-xl border border-slate-800 bg-slate-900/60 p-4" aria-label={title}>
      <figcaption className="mb-2 text-sm font-medium text-slate-200">{title}</figcaption>
      <div style={{ height: 48 + ROW_HEIGHT * Math.max(1, data.length) }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart layout="vertical" data={data} margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid horizontal={false} stroke="#1e293b" />
            <XAxis
              type="number"
              domain={[Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10]}
              tick={{ fill: "#94a3b8", fontSize: 11 }}
              stroke="#334155"
            />
            <YAxis
              type="category"
              dataKey="name"
              width={150}
              interval={0}
              padding={{ top: 14, bottom: 14 }}
              tick={AgentTick}
              stroke="#334155"
            />
            <Tooltip
              cursor={{ fill: "rgba(148, 163, 184, 0.06)" }}
              contentStyle={{ background: "#0f172a", border: "1px solid #334155", borderRadius: 8, fontSize: 12 }}
              formatter={(_value, _name, item) => {
                const p = item.payload as WhiskerPoint;
                const n = (v: number) => v.toFixed(measure.digits);
                return [`${n(p.rating)} (${measure.interval} ${n(p.lower)} – ${n(p.upper)})`, measure.name];
              }}
            />
            <Scatter dataKey="rating" fill={colour} isAnimationActive={false}>
              <ErrorBar dataKey="ci" direction="x" width={8} strokeWidth={2} stroke={colour} />
            </Scatter>
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
