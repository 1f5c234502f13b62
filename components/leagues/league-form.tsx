"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { KindBadge } from "../badges";
import { Field, FormError, formMessage, INPUT, PRIMARY_BUTTON, RadioCards, sendJson } from "../form-controls";

export interface LeagueAgentOption {
  id: string;
  name: string;
  kind: "builtin" | "llm" | "remote";
  games: string[];
}

type Pairing = "round-robin" | "crew-vs-impostors";
type Errors = Record<string, string[]>;

const ORACLE_LEVELS = ["high", "mid", "low"] as const;

const FIELDS = new Set([
  "adminToken",
  "name",
  "game",
  "agents",
  "crewAgents",
  "impostorAgents",
  "players",
  "impostors",
  "roomSize",
  "layoutRows",
  "layoutCols",
  "maxSteps",
  "voteEvery",
  "oracle",
  "seeds",
  "episodesPerPairing",
]);

/** Server error keys ("configs.1.layout.rows", "seeds.0") onto this form's fields ("layoutRows", "seeds"). */
function fieldOf(key: string): string {
  const bare = key.replace(/^configs\.\d+\./, "").replace(/^seeds\.\d+$/, "seeds");
  return { "layout.rows": "layoutRows", "layout.cols": "layoutCols" }[bare] ?? bare;
}

function collect(form: HTMLFormElement, pairing: Pairing) {
  const data = new FormData(form);
  const number = (name: string) => Number(data.get(name));
  const base = {
    players: number("players"),
    impostors: number("impostors"),
    roomSize: number("roomSize"),
    layout: { rows: number("layoutRows"), cols: number("layoutCols") },
    maxSteps: number("maxSteps"),
    voteEvery: number("voteEvery"),
  };
  const levels = data.getAll("oracle").map(String);
  const seeds = String(data.get("seeds") ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const agents = (name: string) => data.getAll(name).map(String);
  return {
    token: String(data.get("adminToken") ?? "").trim(),
    body: {
      name: String(data.get("name") ?? "").trim(),
      game: String(data.get("game")),
      pairing,
      ...(pairing === "round-robin"
        ? { agents: agents("agents"), selfPlay: data.get("selfPlay") === "on" }
        : { crewAgents: agents("crewAgents"), impostorAgents: agents("impostorAgents") }),
      // The config fields are SocialGrid's; other games run with their default config.
      configs:
        data.get("game") !== "socialgrid"
          ? [{}]
          : (levels.length ? levels : ["high"]).map((oracle) => ({ ...base, oracle })),
      seeds,
      episodesPerPairing: number("episodesPerPairing"),
    },
  };
}

function AgentChoices({
  name,
  legend,
  agents,
  errors,
}: {
  name: string;
  legend: string;
  agents: LeagueAgentOption[];
  errors?: string[];
}) {
  return (
    <fieldset aria-describedby={errors ? `field-${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-200">{legend}</legend>
      <div className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-800 p-2 sm:grid-cols-2">
        {agents.map((a) => (
          <label key={a.id} className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-800/60">
            <input type="checkbox" name={name} value={a.id} className="accent-emerald-500" />
            <span className="truncate">{a.name}</span>
            <KindBadge kind={a.kind} />
          </label>
        ))}
      </div>
      {errors && (
        <p id={`field-${name}-error`} className="mt-1 text-xs text-rose-300">
          {errors.join("; ")}
        </p>
      )}
    </fieldset>
  );
}

export function LeagueForm({ agents, games }: { agents: LeagueAgentOption[]; games: string[] }) {
  const router = useRouter();
  const [pairing, setPairing] = useState<Pairing>("round-robin");
  const [game, setGame] = useState(games.includes("socialgrid") ? "socialgrid" : games[0]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const playing = agents.filter((a) => a.games.includes(game));

  async function submit(form: HTMLFormElement) {
    setBusy(true);
    const { token, body } = collect(form, pairing);
    const { status, json } = await sendJson("/api/leagues", body, { token });
    if (status === 201) {
      router.push(`/leagues/${(json.league as { id: string }).id}`);
      return;
    }
    setBusy(false);
    const fields: Errors = {};
    for (const [key, messages] of Object.entries((json.fieldErrors as Errors) ?? {}))
      (fields[fieldOf(key)] ??= []).push(...messages);
    setErrors(fields);
    setFormError(
      formMessage({ ...json, fieldErrors: Object.keys(fields).length ? fields : undefined }, (field) =>
        FIELDS.has(field),
      ),
    );
  }

  const number = (name: string, label: string, value: number, hint?: string) => (
    <Field name={name} label={label} hint={hint} errors={errors[name]}>
      {(p) => <input {...p} type="number" defaultValue={value} className={INPUT} />}
    </Field>
  );

  return (
    <form
      noValidate
      aria-label="New league"
      className="space-y-6 rounded-xl border border-slate-800 bg-slate-900/60 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field name="adminToken" label="Admin token" hint="ADMIN_TOKEN of this arena." errors={errors.adminToken}>
          {(p) => <input {...p} type="password" autoComplete="off" className={`${INPUT} font-mono`} />}
        </Field>
        <Field name="name" label="League name" errors={errors.name}>
          {(p) => <input {...p} className={INPUT} placeholder="Detectives vs scripted impostors" />}
        </Field>
        <Field name="game" label="Game" errors={errors.game}>
          {(p) => (
            <select
              {...p}
              value={game}
              onChange={(e) => {
                setGame(e.target.value);
                if (e.target.value !== "socialgrid") setPairing("round-robin");
              }}
              className={INPUT}
            >
              {games.map((g) => (
                <option key={g}>{g}</option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <RadioCards
        name="pairing"
        legend="Roles"
        value={pairing}
        onChange={setPairing}
        disabled={(value) => value === "crew-vs-impostors" && game !== "socialgrid"}
        options={[
          [
            "round-robin",
            "Round robin",
            "Every ordered pair: the first agent controls all crewmates, the second all impostors (the paper's league).",
          ],
          [
            "crew-vs-impostors",
            "Crew agents vs impostor agents",
            "Each chosen crew agent controls all crewmates against each chosen impostor agent.",
          ],
        ]}
      />

      {pairing === "round-robin" ? (
        <div className="space-y-2">
          <AgentChoices name="agents" legend="Agents" agents={playing} errors={errors.agents} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="selfPlay" className="accent-emerald-500" /> Also pair every agent with itself
          </label>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <AgentChoices name="crewAgents" legend="Crew agents" agents={playing} errors={errors.crewAgents} />
          <AgentChoices
            name="impostorAgents"
            legend="Impostor agents"
            agents={playing}
            errors={errors.impostorAgents}
          />
        </div>
      )}

      {game === "socialgrid" ? (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-medium text-slate-200">Config</legend>
          <div className="grid gap-4 sm:grid-cols-4 lg:grid-cols-7">
            {number("players", "Players", 7)}
            {number("impostors", "Impostors", 2)}
            {number("roomSize", "Room size", 10, "Tiles per side")}
            {number("layoutRows", "Room rows", 2)}
            {number("layoutCols", "Room columns", 2)}
            {number("maxSteps", "Max steps", 2500)}
            {number("voteEvery", "Vote every", 200, "Steps; 0: only called votes")}
          </div>
          <fieldset>
            <legend className="mb-1 text-sm text-slate-300">Planning oracle levels (one config per level)</legend>
            <div className="flex gap-4">
              {ORACLE_LEVELS.map((level) => (
                <label key={level} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="oracle"
                    value={level}
                    defaultChecked={level === "high"}
                    className="accent-emerald-500"
                  />
                  {level}
                </label>
              ))}
            </div>
            {errors.oracle && <p className="mt-1 text-xs text-rose-300">{errors.oracle.join("; ")}</p>}
          </fieldset>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-400">{game} runs with its default config.</p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="seeds" label="Seeds" hint="Comma-separated whole numbers." errors={errors.seeds}>
          {(p) => <input {...p} defaultValue="1, 2" className={INPUT} />}
        </Field>
        {number("episodesPerPairing", "Episodes per pairing", 1, "Per config and seed")}
      </div>

      <FormError message={formError} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {busy ? "Scheduling…" : "Start league"}
      </button>
    </form>
  );
}
