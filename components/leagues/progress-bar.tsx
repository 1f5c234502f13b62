import type { LeagueProgress } from "@/lib/leagues/service";

export function ProgressBar({ progress, label }: { progress: LeagueProgress; label: string }) {
  const failedShare = progress.total > 0 ? (100 * progress.failed) / progress.total : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% (${progress.done} of ${progress.total} episodes)`}
        className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full bg-emerald-500 transition-all" style={{ width: `${progress.percent - failedShare}%` }} />
        <div className="h-full bg-rose-500 transition-all" style={{ width: `${failedShare}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-400">
        {progress.percent}% · {progress.done}/{progress.total} done · {progress.running} running · {progress.queued}{" "}
        queued
        {progress.failed > 0 && <span className="text-rose-300"> · {progress.failed} failed</span>}
      </p>
    </div>
  );
}
