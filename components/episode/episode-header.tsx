import { agentLineup, type EpisodeInfo } from "@/lib/viewer/episode-info";
import { Icon } from "./icons";
import { SeedBadge } from "./seed-badge";
import { StatusBadge } from "./status-badge";

export function EpisodeHeader({
  info,
  status,
  onHelp,
}: {
  info: EpisodeInfo;
  status: EpisodeInfo["status"];
  onHelp: () => void;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{info.title} episode</h1>
          <StatusBadge status={status} />
          {info.demo && (
            <span className="rounded-full bg-sky-500/10 px-2 py-0.5 text-xs text-sky-300 ring-1 ring-sky-500/30">
              demo
            </span>
          )}
        </div>
        <p className="mt-1 truncate text-sm text-slate-400">
          <span className="font-mono text-xs text-slate-500">{info.id}</span> · {info.participants.length} players ·{" "}
          {agentLineup(info.participants)}
        </p>
        {info.failureReason && <p className="mt-1 text-sm text-rose-300">Failed: {info.failureReason}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SeedBadge seed={info.seed} />
        <a
          href={`/api/episodes/${info.id}/export`}
          download={`episode-${info.id}.ndjson`}
          className="inline-flex items-center gap-1.5 rounded-md bg-slate-800/80 px-2.5 py-1 text-xs text-slate-200 no-underline ring-1 ring-slate-700 hover:bg-slate-700"
        >
          <Icon name="download" className="h-3.5 w-3.5" /> Download NDJSON
        </a>
        <button
          type="button"
          onClick={onHelp}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          className="grid h-7 w-7 place-items-center rounded-md bg-slate-800/80 text-sm text-slate-200 ring-1 ring-slate-700 hover:bg-slate-700"
        >
          ?
        </button>
      </div>
    </header>
  );
}
