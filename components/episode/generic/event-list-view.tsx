"use client";

import type { GenericTimeline } from "@/lib/viewer/generic-timeline";
import type { GameViewProps } from "../game-view";

const SHOWN_FRAMES = 30;

/** Games without their own view yet: the events of the recent steps, newest step first. */
export function EventListView({ timeline, playback, controls }: GameViewProps<GenericTimeline>) {
  const { step } = playback;
  const frames = [];
  for (let f = step; f >= Math.max(0, step - SHOWN_FRAMES + 1); f--) frames.push(f);
  return (
    <div className="space-y-4">
      {controls}
      <section aria-labelledby="events-heading" className="rounded-xl border border-slate-800 bg-slate-900/60">
        <h2 id="events-heading" className="border-b border-slate-800 px-3 py-2 text-sm font-semibold">
          Events
        </h2>
        <ol className="max-h-[36rem] divide-y divide-slate-800 overflow-y-auto">
          {frames.map((f) => {
            const [first, last] = timeline.seqRange(f);
            const events = timeline.book.events.slice(first - 1, last);
            return (
              <li key={f} className={`px-3 py-2 ${f === step ? "bg-slate-800/50" : ""}`}>
                <p className="text-xs font-medium text-slate-400">
                  Step {f} · {timeline.describe(f)}
                </p>
                <ul className="mt-1 space-y-1">
                  {events
                    .map((e, i) => ({ e, seq: first + i }))
                    .map(({ e, seq }) => (
                      <li key={seq} className="font-mono text-xs text-slate-300">
                        <span className="text-emerald-300">{e.type}</span>{" "}
                        {JSON.stringify({ ...e, type: undefined }).slice(0, 400)}
                      </li>
                    ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
