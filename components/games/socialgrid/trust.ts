/**
 * Trust chart data: each voter's trust that each target is a crewmate, at every counted vote (App. A,
 * Fig. 9). Without filters one line per target (the mean trust all other voters gave it); filtered by a
 * voter, that voter's trust in each other player; by a target, each voter's trust in that target.
 */
import { playerName, type Meeting, type ShownRole } from "./timeline";

export interface TrustFilter {
  voter: number | null;
  target: number | null;
}

export interface TrustLine {
  key: string;
  label: string;
  /** Whose colour the line takes. */
  seat: number;
  /** The line is about an impostor (the target, or the voter when lines are per voter). */
  impostor: boolean;
}

export interface TrustRow {
  frame: number;
  round: number;
  [key: string]: number;
}

export interface TrustSeries {
  rows: TrustRow[];
  lines: TrustLine[];
}

export function trustSeries(
  meetings: readonly Meeting[],
  roles: readonly ShownRole[],
  filter: TrustFilter,
): TrustSeries {
  const seats = roles.map((_, seat) => seat);
  const isImpostor = (seat: number) => roles[seat] === "impostor";
  const { voter, target } = filter;
  let lines: TrustLine[];
  let value: (votes: Meeting["votes"], line: number) => number | undefined;

  if (voter !== null && target !== null) {
    lines = [
      { key: "s0", label: `${playerName(voter)} → ${playerName(target)}`, seat: target, impostor: isImpostor(target) },
    ];
    value = (votes) => votes.find((v) => v.seat === voter)?.trust?.[String(target)];
  } else if (voter !== null) {
    lines = seats
      .filter((s) => s !== voter)
      .map((s) => ({ key: `s${s}`, label: `in ${playerName(s)}`, seat: s, impostor: isImpostor(s) }));
    value = (votes, s) => votes.find((v) => v.seat === voter)?.trust?.[String(s)];
  } else if (target !== null) {
    lines = seats
      .filter((s) => s !== target)
      .map((s) => ({ key: `s${s}`, label: `by ${playerName(s)}`, seat: s, impostor: isImpostor(s) }));
    value = (votes, s) => votes.find((v) => v.seat === s)?.trust?.[String(target)];
  } else {
    lines = seats.map((s) => ({ key: `s${s}`, label: `in ${playerName(s)} (mean)`, seat: s, impostor: isImpostor(s) }));
    value = (votes, s) => {
      const given = votes.map((v) => v.trust?.[String(s)]).filter((x): x is number => typeof x === "number");
      return given.length === 0 ? undefined : given.reduce((a, b) => a + b, 0) / given.length;
    };
  }

  const rows: TrustRow[] = [];
  for (const m of meetings) {
    if (m.votes.length === 0 || m.endFrame === null) continue;
    const row: TrustRow = { frame: m.endFrame, round: m.round };
    for (const line of lines) {
      const v = value(m.votes, line.seat);
      if (v !== undefined) row[line.key] = v;
    }
    rows.push(row);
  }
  return { rows, lines };
}
