import { DASH } from "../format";

export interface HeatmapProps {
  title: string;
  /** What rows and columns are, e.g. "crew agent" × "impostor agent". */
  rowLabel: string;
  columnLabel: string;
  names: string[];
  values: Array<Array<number | null>>;
  /** Text inside a cell; `title` its tooltip. */
  format: (value: number, row: number, column: number) => string;
  tooltip: (row: number, column: number) => string;
  /** Maps a value to [0, 1] for the colour scale (default: the value itself). */
  scale?: (value: number) => number;
  palette: "diverging" | "sequential";
}

/** Diverging: rose (0) → slate (0.5) → emerald (1). Sequential: slate → sky. */
function colour(t: number, palette: HeatmapProps["palette"]): string {
  const clamp = Math.min(1, Math.max(0, t));
  if (palette === "sequential") return `rgba(56, 189, 248, ${0.08 + 0.72 * clamp})`;
  return clamp >= 0.5
    ? `rgba(52, 211, 153, ${0.08 + 1.3 * (clamp - 0.5)})`
    : `rgba(244, 63, 94, ${0.08 + 1.3 * (0.5 - clamp)})`;
}

/** A matrix as an accessible table of coloured cells (rows × columns over the same agents). */
export function Heatmap({
  title,
  rowLabel,
  columnLabel,
  names,
  values,
  format,
  tooltip,
  scale = (v) => v,
  palette,
}: HeatmapProps) {
  return (
    <figure className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <figcaption className="mb-3 text-sm font-medium text-slate-200">{title}</figcaption>
      <div className="overflow-x-auto">
        <table className="border-separate border-spacing-0.5 text-xs" aria-label={title}>
          <thead>
            <tr>
              <th className="px-2 py-1 text-left font-normal text-slate-500">
                {rowLabel} ↓ / {columnLabel} →
              </th>
              {names.map((name) => (
                <th
                  key={name}
                  scope="col"
                  className="max-w-24 truncate px-2 py-1 font-medium text-slate-400"
                  title={name}
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {names.map((name, i) => (
              <tr key={name}>
                <th
                  scope="row"
                  className="max-w-32 truncate px-2 py-1 text-left font-medium text-slate-400"
                  title={name}
                >
                  {name}
                </th>
                {names.map((column, j) => {
                  const value = values[i][j];
                  return (
                    <td
                      key={column}
                      title={tooltip(i, j)}
                      className="h-9 min-w-14 rounded text-center font-mono text-slate-100"
                      style={{ background: value === null ? "rgba(30, 41, 59, 0.4)" : colour(scale(value), palette) }}
                    >
                      {value === null ? <span className="text-slate-600">{DASH}</span> : format(value, i, j)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
