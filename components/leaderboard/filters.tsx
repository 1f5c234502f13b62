"use client";

import { usePathname, useRouter } from "next/navigation";

export interface FilterValues {
  game: string;
  role?: string;
  kind?: string;
  minGames?: number;
  provisional: "include" | "exclude" | "only";
}

const SELECT = "rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5 text-sm text-slate-100";

/** A plain GET form (works without JavaScript); with it, any change applies at once. */
export function LeaderboardFilters({
  values,
  games,
  roles,
}: {
  values: FilterValues;
  games: Array<{ id: string; label: string }>;
  roles: Array<{ id: string; label: string }>;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form))
      if (typeof value === "string" && value !== "" && !(key === "provisional" && value === "include"))
        params.set(key, value);
    router.push(params.size > 0 ? `${pathname}?${params}` : pathname);
  };
  return (
    <form
      method="get"
      aria-label="Leaderboard filters"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-800 bg-slate-900/40 p-3"
      onChange={(e) => e.target instanceof HTMLSelectElement && apply(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Game
        <select name="game" defaultValue={values.game} className={SELECT}>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Role
        <select name="role" defaultValue={values.role ?? ""} className={SELECT}>
          <option value="">All roles</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Agent kind
        <select name="kind" defaultValue={values.kind ?? ""} className={SELECT}>
          <option value="">All kinds</option>
          <option value="builtin">Built-in bots</option>
          <option value="llm">LLMs</option>
          <option value="remote">Remote endpoints</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Min. games
        <input
          name="minGames"
          type="number"
          min={0}
          defaultValue={values.minGames ?? ""}
          placeholder="0"
          className={`${SELECT} w-24`}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Provisional
        <select name="provisional" defaultValue={values.provisional} className={SELECT}>
          <option value="include">Show</option>
          <option value="exclude">Hide</option>
          <option value="only">Only</option>
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md border border-slate-700 px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800"
      >
        Apply
      </button>
    </form>
  );
}
