"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { io } from "socket.io-client";
import type { LeagueDetail } from "@/lib/leagues/service";
import { StatusBadge } from "../badges";
import { DASH, percent, ratio, roleLabel } from "../format";
import { ProgressBar } from "./progress-bar";

const POLL_MS = 2_000;

/** A match key `configIndex/seed/crewAgent/impostorAgent` as "config 1 · seed 7". */
const matchLabel = (key: string) => {
  const [config, seed] = key.split("/");
  return `config ${Number(config) + 1} · seed ${seed}`;
};

/**
 * Live progress: refreshes when the arena announces an episode starting or ending (Socket.IO list channel)
 * and polls as a fallback, until every episode is done.
 */
export function LeagueLive({ initial }: { initial: LeagueDetail }) {
  const [league, setLeague] = useState(initial);
  const complete = league.progress.done === league.progress.total;

  useEffect(() => {
    if (complete) return;
    let stopped = false;
    let inFlight = false;
    const refresh = async () => {
      if (inFlight || stopped) return;
      inFlight = true;
      try {
        const response = await fetch(`/api/leagues/${initial.id}`, { cache: "no-store" });
        if (response.ok && !stopped) setLeague((await response.json()) as LeagueDetail);
      } catch {
        // offline for a moment: the next tick retries
      } finally {
        inFlight = false;
      }
    };
    const timer = setInterval(refresh, POLL_MS);
    const socket = io({ transports: ["websocket", "polling"] });
    socket.on("connect", () => socket.emit("episodes:subscribe", () => {}));
    socket.on("episodes:list", () => void refresh());
    return () => {
      stopped = true;
      clearInterval(timer);
      socket.close();
    };
  }, [complete, initial.id]);

  const roles = [...new Set(league.standings.flatMap((s) => Object.keys(s.byRole)))].sort();
  return (
    <div className="space-y-8">
      <ProgressBar progress={league.progress} label="League progress" />

      <section aria-labelledby="standings-heading">
        <h2 id="standings-heading" className="mb-3 text-lg font-semibold">
          Standings {complete ? "" : "(running)"}
        </h2>
        {league.standings.length === 0 ? (
          <p className="text-sm text-slate-400">Standings appear when the first episode ends.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-800">
            <table className="w-full text-left text-sm" aria-label="Standings">
              <thead className="bg-slate-900 text-xs text-slate-400">
                <tr>
                  <th className="px-3 py-2 font-medium">#</th>
                  <th className="px-3 py-2 font-medium">Agent</th>
                  <th className="px-3 py-2 text-right font-medium">Games</th>
                  <th className="px-3 py-2 text-right font-medium">Wins</th>
                  <th className="px-3 py-2 text-right font-medium">Win %</th>
                  {roles.map((r) => (
                    <th key={r} className="px-3 py-2 text-right font-medium">
                      {roleLabel(r)} W/G
                    </th>
                  ))}
                  <th className="px-3 py-2 text-right font-medium">Failed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {league.standings.map((s, i) => (
                  <tr key={s.agent}>
                    <td className="px-3 py-2 font-mono text-slate-400">{i + 1}</td>
                    <td className="px-3 py-2">
                      <Link href={`/agents/${s.agent}`} className="text-emerald-300">
                        {s.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-right">{s.games}</td>
                    <td className="px-3 py-2 text-right">{s.wins}</td>
                    <td className="px-3 py-2 text-right">{percent(ratio(s.wins, s.games))}</td>
                    {roles.map((r) => (
                      <td key={r} className="px-3 py-2 text-right font-mono text-xs">
                        {s.byRole[r] ? `${s.byRole[r].wins}/${s.byRole[r].games}` : DASH}
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right">{s.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="league-episodes-heading">
        <h2 id="league-episodes-heading" className="mb-3 text-lg font-semibold">
          Episodes
        </h2>
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full text-left text-sm" aria-label="League episodes">
            <thead className="bg-slate-900 text-xs text-slate-400">
              <tr>
                <th className="px-3 py-2 font-medium">Episode</th>
                <th className="px-3 py-2 font-medium">Sides</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Winner</th>
                <th className="px-3 py-2 font-medium">Match</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {league.episodes.map((e) => (
                <tr key={e.episodeId} className="hover:bg-slate-900/60">
                  <td className="px-3 py-2 font-mono text-xs">
                    <Link href={`/episodes/${e.episodeId}`} className="text-emerald-300">
                      {e.episodeId.slice(0, 10)}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {Object.entries(e.sides)
                      .sort(([a], [b]) => a.localeCompare(b))
                      .map(([role, names]) => `${roleLabel(role)}: ${names.join(", ")}`)
                      .join(" · ")}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={e.status} />
                  </td>
                  <td className="px-3 py-2">
                    {e.winningRoles.length ? e.winningRoles.map(roleLabel).join(", ") : DASH}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-500">{matchLabel(e.key)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
