import type { TalkFrame, TalkSeat } from "./types";

/** 0 → green (trusted), 0.5 → slate, 1 → red (suspected). */
function color(value: number): string {
  const hue = 140 - 140 * value;
  const saturation = 20 + 60 * Math.abs(value - 0.5) * 2;
  return `hsl(${hue} ${saturation}% 32%)`;
}

/** Who suspects whom after this step: rows are observers, columns the players they judge. */
export function SuspicionHeatmap({ seats, frame }: { seats: readonly TalkSeat[]; frame: TalkFrame }) {
  const matrix = frame.suspicion;
  if (!matrix) return null;
  const signature = matrix.map((row) => (row ? row.map((v) => v.toFixed(3)).join(",") : "-")).join(";");
  return (
    <section aria-labelledby="heatmap-heading" className="rounded-xl border border-slate-800 bg-slate-900/60 p-3">
      <h2 id="heatmap-heading" className="text-sm font-semibold">
        Suspicion matrix
      </h2>
      <p className="mb-2 text-xs text-slate-500">
        Row: observer · column: the player they judge · 0 trusted … 1 deceptive
      </p>
      <div className="overflow-x-auto">
        <table
          data-testid="suspicion-heatmap"
          data-matrix={signature}
          className="border-separate border-spacing-0.5 text-[11px]"
        >
          <thead>
            <tr>
              <th />
              {seats.map((s) => (
                <th key={s.seat} scope="col" className="w-10 px-0.5 font-normal text-slate-400">
                  {s.name.slice(0, 5)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seats.map((observer) => (
              <tr key={observer.seat} className={frame.alive[observer.seat] === false ? "opacity-40" : ""}>
                <th scope="row" className="pr-1 text-right font-normal text-slate-400">
                  {observer.name}
                </th>
                {seats.map((target) => {
                  const row = matrix[observer.seat];
                  if (observer.seat === target.seat || !row) {
                    // The diagonal is unused; a player's view does not know the others' suspicion.
                    const unknown = !row && observer.seat !== target.seat;
                    return (
                      <td
                        key={target.seat}
                        title={unknown ? `${observer.name}'s suspicion is not known to this player` : undefined}
                        className="h-7 w-10 rounded bg-slate-950 text-center text-slate-600"
                      >
                        {unknown ? "?" : ""}
                      </td>
                    );
                  }
                  const value = row[target.seat] ?? 0.5;
                  return (
                    <td
                      key={target.seat}
                      title={`${observer.name} → ${target.name}: ${value.toFixed(2)}`}
                      className="h-7 w-10 rounded text-center text-slate-100 tabular-nums"
                      style={{ background: color(value) }}
                    >
                      {value.toFixed(2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
