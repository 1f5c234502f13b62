import type { TalkSeat, TalkVote } from "./types";

/** The latest decided vote at this step: every ballot, the tally and who left; earlier votes below. */
export function VotePanel({
  seats,
  votes,
  step,
}: {
  seats: readonly TalkSeat[];
  votes: readonly TalkVote[];
  step: number;
}) {
  const shown = votes.filter((v) => v.frame <= step).reverse();
  const name = (seat: number | null) => (seat === null ? "no vote" : (seats[seat]?.name ?? String(seat)));
  return (
    <section aria-label="Votes" className="rounded-xl border border-slate-800 bg-slate-900/60 p-3">
      <h2 className="text-sm font-semibold">Votes</h2>
      {shown.length === 0 && <p className="mt-2 text-sm text-slate-500">No vote yet.</p>}
      <ol className="mt-2 space-y-3">
        {shown.map((vote, i) => {
          const top = Math.max(1, ...Object.values(vote.tally));
          return (
            <li key={vote.frame} className={i > 0 ? "opacity-60" : ""}>
              <h3 className="text-xs font-semibold text-slate-300">
                Day {vote.round}:{" "}
                {vote.eliminated === null ? "nobody eliminated" : `${name(vote.eliminated)} eliminated`}
                {vote.needed !== undefined && (
                  <span className="font-normal text-slate-500"> · {vote.needed} needed</span>
                )}
              </h3>
              <ul aria-label={`Tally of day ${vote.round}`} className="mt-1 space-y-0.5">
                {Object.entries(vote.tally)
                  .sort((a, b) => b[1] - a[1])
                  .map(([seat, count]) => (
                    <li key={seat} className="flex items-center gap-2 text-xs">
                      <span className="w-16 truncate">{name(Number(seat))}</span>
                      <span className="h-2 rounded bg-rose-400/70" style={{ width: `${(count / top) * 8}rem` }} />
                      <span className="tabular-nums text-slate-400">{count}</span>
                    </li>
                  ))}
              </ul>
              {i === 0 && (
                <p className="mt-1 text-[11px] text-slate-500">
                  {Object.entries(vote.ballots)
                    .map(([voter, target]) => `${name(Number(voter))} → ${name(target)}`)
                    .join(" · ")}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
