import { KIND_SHORT } from "./format";

export function KindBadge({ kind }: { kind: keyof typeof KIND_SHORT }) {
  const style = {
    builtin: "bg-slate-700/60 text-slate-300",
    llm: "bg-violet-500/15 text-violet-300",
    remote: "bg-sky-500/15 text-sky-300",
  }[kind];
  return (
    <span className={`rounded px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide ${style}`}>
      {KIND_SHORT[kind]}
    </span>
  );
}

export function ProvisionalBadge({ games, threshold }: { games: number; threshold: number }) {
  return (
    <span
      title={`Provisional: ${games} of ${threshold} games needed for a settled rating`}
      className="rounded bg-amber-500/15 px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide text-amber-300"
    >
      provisional
    </span>
  );
}

const STATUS_STYLE: Record<string, string> = {
  running: "bg-emerald-500/15 text-emerald-300",
  finished: "bg-slate-700/60 text-slate-200",
  queued: "bg-amber-500/15 text-amber-300",
  failed: "bg-rose-500/15 text-rose-300",
  active: "bg-emerald-500/15 text-emerald-300",
  paused: "bg-amber-500/15 text-amber-300",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[status] ?? "bg-slate-700/60 text-slate-200"}`}>
      {status}
    </span>
  );
}
