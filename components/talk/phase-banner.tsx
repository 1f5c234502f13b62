import type { TalkFrame, TalkPhase } from "./types";

const STYLE: Record<TalkPhase, { icon: string; className: string }> = {
  setup: { icon: "♣", className: "border-slate-700 bg-slate-900 text-slate-200" },
  night: { icon: "☾", className: "border-indigo-500/40 bg-indigo-950/70 text-indigo-100" },
  day: { icon: "☀", className: "border-amber-500/40 bg-amber-950/40 text-amber-100" },
  vote: { icon: "⚖", className: "border-rose-500/40 bg-rose-950/40 text-rose-100" },
  over: { icon: "⚑", className: "border-emerald-500/40 bg-emerald-950/40 text-emerald-100" },
};

/** Night or day, which statement or vote, and the latest public outcome. */
export function PhaseBanner({ frame }: { frame: TalkFrame }) {
  const style = STYLE[frame.phase];
  return (
    <div
      data-testid="phase-banner"
      data-phase={frame.phase}
      className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border px-4 py-2 ${style.className}`}
    >
      <p className="text-lg font-semibold">
        <span aria-hidden="true" className="mr-2">
          {style.icon}
        </span>
        {frame.banner}
      </p>
      {frame.note && <p className="text-sm opacity-80">{frame.note}</p>}
    </div>
  );
}
