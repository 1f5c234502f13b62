"use client";

import { useEffect, useRef } from "react";
import type { DeceptionLabel, TalkSeat, TranscriptLine } from "./types";

interface TranscriptProps {
  seats: readonly TalkSeat[];
  lines: readonly TranscriptLine[];
  step: number;
  showRoles: boolean;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function Label({ label, who }: { label: DeceptionLabel; who: string }) {
  if (label.fallback)
    return <span className="rounded bg-slate-800 px-1.5 py-0.5 text-slate-500">{who}: no answer</span>;
  const tone = label.isDeceptive ? "bg-rose-900/60 text-rose-200" : "bg-emerald-900/50 text-emerald-200";
  const detail = label.isDeceptive ? `deceptive · ${label.type}` : "honest";
  const suspicion = label.suspicion === undefined ? "" : ` · suspicion ${label.suspicion.toFixed(2)}`;
  return (
    <span
      className={`rounded px-1.5 py-0.5 ${tone}`}
      title={`${who}: ${detail}, confidence ${pct(label.confidence)}${suspicion}`}
    >
      {who}: {detail}
      {label.suspicion !== undefined && <span className="opacity-70"> {label.suspicion.toFixed(2)}</span>}
    </span>
  );
}

function Bids({ bids, speaker, seats }: { bids: Record<string, number>; speaker: number; seats: readonly TalkSeat[] }) {
  const sorted = Object.entries(bids).sort((a, b) => b[1] - a[1]);
  return (
    <p className="text-xs text-slate-500">
      won the floor with bid {bids[speaker] ?? "?"} ·{" "}
      {sorted.map(([seat, bid]) => `${seats[Number(seat)]?.name ?? seat} ${bid}`).join(", ")}
    </p>
  );
}

/** The debate so far: statements with the bids that gave the floor, and each one's self and peer deception labels. */
export function Transcript({ seats, lines, step, showRoles }: TranscriptProps) {
  const shown = lines.filter((l) => l.frame <= step);
  const list = useRef<HTMLOListElement>(null);
  // Keeps the newest statement in sight by scrolling the list only (never the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a statement is added.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [shown.length]);
  return (
    <section
      aria-labelledby="transcript-heading"
      className="flex min-h-0 flex-col rounded-xl border border-slate-800 bg-slate-900/60"
    >
      <h2 id="transcript-heading" className="border-b border-slate-800 px-3 py-2 text-sm font-semibold">
        Debate transcript
      </h2>
      <ol ref={list} aria-label="Statements" className="max-h-[32rem] min-h-40 space-y-2 overflow-y-auto p-3">
        {shown.length === 0 && <li className="text-sm text-slate-500">Nobody has spoken yet.</li>}
        {shown.map((line) => {
          const speaker = seats[line.seat];
          const analysed = line.analysisFrame !== undefined && line.analysisFrame <= step;
          const current = line.frame === step;
          return (
            <li
              key={`${line.round}:${line.turn}:${line.seat}`}
              data-testid="statement"
              className={`rounded-lg border px-3 py-2 ${current ? "border-amber-400/60 bg-amber-950/20" : "border-slate-800 bg-slate-950/40"}`}
            >
              <p className="text-xs text-slate-400">
                Day {line.round} · {line.bids ? `statement ${line.turn}` : `round ${line.turn}`} ·{" "}
                <span className={`font-semibold ${showRoles && speaker?.evil ? "text-rose-300" : "text-slate-200"}`}>
                  {speaker?.name}
                </span>
                {showRoles && speaker && <span className="text-slate-500"> ({speaker.role})</span>}
              </p>
              <p className="mt-0.5 text-sm text-slate-100">
                “{line.text}”
                {line.truncated && <span className="text-xs text-slate-500"> (cut to the word limit)</span>}
              </p>
              {line.bids && <Bids bids={line.bids} speaker={line.seat} seats={seats} />}
              {line.analysisFrame !== undefined && (
                <fieldset aria-label="Deception labels" className="mt-1 flex min-w-0 flex-wrap gap-1 text-[11px]">
                  {analysed ? (
                    <>
                      {line.self && <Label label={line.self} who="self" />}
                      {Object.entries(line.peers ?? {}).map(([observer, label]) => (
                        <Label key={observer} label={label} who={seats[Number(observer)]?.name ?? observer} />
                      ))}
                    </>
                  ) : (
                    <span className="text-slate-500">analysing…</span>
                  )}
                </fieldset>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
