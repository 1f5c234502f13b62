import type { TalkFrame, TalkSeat } from "./types";

interface SeatTableProps {
  seats: readonly TalkSeat[];
  evilRole: string;
  frame: TalkFrame;
  /** The seat whose statement this frame shows. */
  speaker: number | null;
  showRoles: boolean;
}

/** The players around a round table: alive or out, who is acting now, and (god view) their roles. */
export function SeatTable({ seats, evilRole, frame, speaker, showRoles }: SeatTableProps) {
  const n = Math.max(1, seats.length);
  return (
    <section aria-label="Table" className="relative mx-auto aspect-square w-full max-w-[26rem]">
      <div className="absolute inset-[22%] rounded-full border border-amber-900/60 bg-gradient-to-br from-amber-950/60 to-slate-900 shadow-inner" />
      <ul>
        {seats.map((s) => {
          const angle = (2 * Math.PI * s.seat) / n - Math.PI / 2;
          const alive = frame.alive[s.seat] ?? true;
          const acting = frame.acting.includes(s.seat);
          const ring = s.seat === speaker ? "ring-2 ring-amber-300" : acting ? "ring-1 ring-sky-400/70" : "";
          // Roles as known by this frame (a Seer's or Detective's view learns some as it goes).
          const role = frame.roles[s.seat] ?? s.role;
          const evil = role === evilRole;
          const tone = showRoles && evil ? "border-rose-500/60 bg-rose-950/70" : "border-slate-600 bg-slate-800/90";
          return (
            <li
              key={s.seat}
              data-testid="seat"
              data-alive={alive}
              aria-label={`${s.name}${showRoles ? `, ${role}` : ""}, ${alive ? "alive" : "out"}`}
              className={`absolute flex w-24 -translate-x-1/2 -translate-y-1/2 flex-col items-center rounded-lg border px-2 py-1 text-center text-xs ${tone} ${ring} ${alive ? "" : "opacity-40"}`}
              style={{ left: `${50 + 40 * Math.cos(angle)}%`, top: `${50 + 40 * Math.sin(angle)}%` }}
            >
              <span className={`font-semibold ${alive ? "" : "line-through"}`}>{s.name}</span>
              {showRoles && <span className={evil ? "text-rose-300" : "text-slate-400"}>{role}</span>}
              {!alive && <span aria-hidden="true">✝ out</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
