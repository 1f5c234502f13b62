const STATUS_STYLE: Record<string, string> = {
  running: "bg-rose-500/15 text-rose-200 ring-rose-500/40",
  queued: "bg-amber-500/15 text-amber-200 ring-amber-500/40",
  finished: "bg-slate-700/60 text-slate-200 ring-slate-600",
  failed: "bg-rose-900/40 text-rose-200 ring-rose-700",
};

const STATUS_LABEL: Record<string, string> = {
  running: "live",
  queued: "starting",
  finished: "finished",
  failed: "failed",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[status] ?? STATUS_STYLE.finished}`}
    >
      {status === "running" && <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-rose-400" />}
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}
