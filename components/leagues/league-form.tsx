"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { LeagueGameOption } from "@/lib/games/forms";
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

const BASE_FIELDS = [
  "adminToken",
  "name",
  "game",
  "agents",
  "crewAgents",
  "impostorAgents",
  "seeds",
  "episodesPerPairing",
];

/** A config field's form name: its path, prefixed ("layout.rows" → "config:layout.rows"). */
const fieldName = (path: string) => `config:${path}`;

/** Server error keys ("configs.1.layout.rows", "seeds.0") onto this form's fields ("config:layout.rows", "seeds"). */
function fieldOf(key: string, game: LeagueGameOption): string {
  const bare = key.replace(/^seeds\.\d+$/, "seeds");
  const config = /^configs\.\d+\.(.+)$/.exec(bare)?.[1];
  if (config === undefined) return bare;
  const known = [...game.fields.map((f) => f.path), ...(game.variants ? [game.variants.path] : [])];
  return known.includes(config) ? fieldName(config) : bare;
}

/** Sets `value` at a dotted path of a config object. */
function setPath(config: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let target = config;
  for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[keys.at(-1)!] = value;
}

function collect(form: HTMLFormElement, pairing: Pairing, game: LeagueGameOption) {
  const data = new FormData(form);
  const base: Record<string, unknown> = {};
  for (const field of game.fields) setPath(base, field.path, Number(data.get(fieldName(field.path))));
  const variants = game.variants;
  const chosen = variants ? data.getAll(fieldName(variants.path)).map(String) : [];
  const configs = variants
    ? (chosen.length ? chosen : [variants.value]).map((value) => {
        const config = structuredClone(base);
        setPath(config, variants.path, value);
        return config;
      })
    : [base];
  const seeds = String(data.get("seeds") ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const agents = (name: string) => data.getAll(name).map(String);
  return {
    token: String(data.get("adminToken") ?? "").trim(),
    body: {
      name: String(data.get("name") ?? "").trim(),
      game: game.id,
      pairing,
      ...(pairing === "round-robin"
        ? { agents: agents("agents"), selfPlay: data.get("selfPlay") === "on" }
        : { crewAgents: agents("crewAgents"), impostorAgents: agents("impostorAgents") }),
      configs,
      seeds,
      episodesPerPairing: Number(data.get("episodesPerPairing")),
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

export function LeagueForm({ agents, games }: { agents: LeagueAgentOption[]; games: LeagueGameOption[] }) {
  const router = useRouter();
  const [pairing, setPairing] = useState<Pairing>("round-robin");
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const playing = agents.filter((a) => a.games.includes(game.id));
  const fields = new Set([
    ...BASE_FIELDS,
    ...game.fields.map((f) => fieldName(f.path)),
    ...(game.variants ? [fieldName(game.variants.path)] : []),
  ]);

  async function submit(form: HTMLFormElement) {
    setBusy(true);
    const { token, body } = collect(form, pairing, game);
    const { status, json } = await sendJson("/api/leagues", body, { token });
    if (status === 201) {
      router.push(`/leagues/${(json.league as { id: string }).id}`);
      return;
    }
    setBusy(false);
    const byField: Errors = {};
    for (const [key, messages] of Object.entries((json.fieldErrors as Errors) ?? {}))
      (byField[fieldOf(key, game)] ??= []).push(...messages);
    setErrors(byField);
    setFormError(
      formMessage({ ...json, fieldErrors: Object.keys(byField).length ? byField : undefined }, (field) =>
        fields.has(field),
      ),
    );
  }

  const sides = game.sides;
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
              value={game.id}
              onChange={(e) => {
                const next = games.find((g) => g.id === e.target.value);
                setGameId(e.target.value);
                if (!next?.sides) setPairing("round-robin");
              }}
              className={INPUT}
            >
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
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
        disabled={(value) => value === "crew-vs-impostors" && !sides}
        options={[
          [
            "round-robin",
            "Round robin",
            sides
              ? `Every ordered pair: the first agent controls every ${sides.crew} seat, the second every ${sides.impostor} seat (the paper's league).`
              : "Every ordered pair of agents shares the table.",
          ],
          [
            "crew-vs-impostors",
            "Crew agents vs impostor agents",
            sides
              ? `Each chosen ${sides.crew} agent controls every ${sides.crew} seat against each chosen ${sides.impostor} agent.`
              : `${game.title} has no two sides.`,
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

      {game.fields.length > 0 || game.variants ? (
        <fieldset key={game.id} className="space-y-4">
          <legend className="mb-2 text-sm font-medium text-slate-200">Config</legend>
          <div className="grid gap-4 sm:grid-cols-4 lg:grid-cols-7">
            {game.fields.map((f) => (
              <Field
                key={f.path}
                name={fieldName(f.path)}
                label={f.label}
                hint={f.hint}
                errors={errors[fieldName(f.path)]}
              >
                {(p) => <input {...p} type="number" defaultValue={f.value} className={INPUT} />}
              </Field>
            ))}
          </div>
          {game.variants && <Variants variants={game.variants} errors={errors[fieldName(game.variants.path)]} />}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-400">{game.title} runs with its default config.</p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="seeds" label="Seeds" hint="Comma-separated whole numbers." errors={errors.seeds}>
          {(p) => <input {...p} defaultValue="1, 2" className={INPUT} />}
        </Field>
        <Field
          name="episodesPerPairing"
          label="Episodes per pairing"
          hint="Per config and seed"
          errors={errors.episodesPerPairing}
        >
          {(p) => <input {...p} type="number" defaultValue={1} className={INPUT} />}
        </Field>
      </div>

      <FormError message={formError} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {busy ? "Scheduling…" : "Start league"}
      </button>
    </form>
  );
}

/** A config field with one league config per chosen value (SocialGrid's planning oracle levels). */
function Variants({ variants, errors }: { variants: NonNullable<LeagueGameOption["variants"]>; errors?: string[] }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm text-slate-300">{variants.label}</legend>
      <div className="flex gap-4">
        {variants.values.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fieldName(variants.path)}
              value={value}
              defaultChecked={value === variants.value}
              className="accent-emerald-500"
            />
            {value}
          </label>
        ))}
      </div>
      {errors && <p className="mt-1 text-xs text-rose-300">{errors.join("; ")}</p>}
    </fieldset>
  );
}
