"use client";

import Link from "next/link";
import { useState } from "react";
import {
  Field,
  FormError,
  formMessage,
  INPUT,
  PRIMARY_BUTTON,
  RadioCards,
  SECONDARY_BUTTON,
  sendJson,
} from "../form-controls";
import type { AgentOptionField } from "@/lib/games/forms";
import { TestResult, type TestOutcome } from "./test-result";

export interface Provider {
  apiKeyEnv: string | null;
  baseURL: string;
}

type Kind = "remote" | "llm";
type Errors = Record<string, string[]>;

const FIELDS = new Set(["name", "description", "games", "url", "timeoutMs", "baseURL", "model", "apiKeyEnv"]);

/** A game setting's form name, and the server's error key for it ("options.socialgrid.oracle"). */
const optionName = (o: Pick<AgentOptionField, "game" | "key">) => `options.${o.game}.${o.key}`;

interface Registered {
  agent: { id: string; name: string };
  ownerToken: string;
  signingSecret?: string;
}

/** The agent's game settings from the form: only those set (empty means "as the game decides"). */
function gameOptions(data: FormData, fields: AgentOptionField[]): Record<string, Record<string, unknown>> | undefined {
  const options: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const value = String(data.get(optionName(field)) ?? "");
    if (value === "") continue;
    (options[field.game] ??= {})[field.key] = field.kind === "flag" ? value === "true" : value;
  }
  return Object.keys(options).length > 0 ? options : undefined;
}

/** The fields the API takes, from the form (numbers converted; empty optional fields left out). */
function payload(form: HTMLFormElement, kind: Kind, optionFields: AgentOptionField[]) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const options = gameOptions(data, optionFields);
  const connection = {
    ...(kind === "remote"
      ? { kind, url: text("url"), ...(text("timeoutMs") && { timeoutMs: Number(text("timeoutMs")) }) }
      : {
          kind,
          baseURL: text("baseURL"),
          model: text("model"),
          ...(text("apiKeyEnv") && { apiKeyEnv: text("apiKeyEnv") }),
        }),
    ...(options && { options }),
  };
  return {
    connection,
    profile: { name: text("name"), description: text("description"), games: data.getAll("games").map(String) },
  };
}

export function SubmitAgentForm({
  games,
  providers,
  optionFields,
}: {
  games: Array<{ id: string; title: string }>;
  providers: Provider[];
  optionFields: AgentOptionField[];
}) {
  const [kind, setKind] = useState<Kind>("remote");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"test" | "create" | null>(null);
  const [test, setTest] = useState<TestOutcome | null>(null);
  const [registered, setRegistered] = useState<Registered | null>(null);

  const fail = (json: Record<string, unknown>) => {
    setErrors((json.fieldErrors as Errors) ?? {});
    setFormError(formMessage(json, (field) => FIELDS.has(field) || optionFields.some((o) => optionName(o) === field)));
  };

  async function runTest(form: HTMLFormElement) {
    setBusy("test");
    setTest(null);
    const { connection } = payload(form, kind, optionFields);
    const { status, json } = await sendJson("/api/agents/test", connection);
    setBusy(null);
    if (status === 200) {
      setErrors({});
      setFormError(null);
      setTest(json as unknown as TestOutcome);
    } else fail(json);
  }

  async function create(form: HTMLFormElement) {
    setBusy("create");
    const { connection, profile } = payload(form, kind, optionFields);
    const { status, json } = await sendJson("/api/agents", { ...connection, ...profile });
    setBusy(null);
    if (status === 201) setRegistered(json as unknown as Registered);
    else fail(json);
  }

  if (registered) return <Credentials registered={registered} />;

  return (
    <form
      noValidate
      aria-label="Submit an agent"
      className="space-y-5 rounded-xl border border-slate-800 bg-slate-900/60 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void create(e.currentTarget);
      }}
    >
      <RadioCards
        name="kind"
        legend="Kind"
        value={kind}
        onChange={setKind}
        options={[
          [
            "remote",
            "Remote HTTP endpoint",
            "The arena POSTs each decision to your URL (signed JSON, protocol social-arena/1).",
          ],
          [
            "llm",
            "OpenAI-protocol model",
            "A model the arena calls over the Chat Completions protocol, with a key held by the operator.",
          ],
        ]}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="name" label="Name" hint="3–40 characters; unique." errors={errors.name}>
          {(p) => <input {...p} className={INPUT} autoComplete="off" placeholder="My detective" />}
        </Field>
        <fieldset aria-describedby={errors.games ? "field-games-error" : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-200">Games it plays</legend>
          <div className="flex flex-wrap gap-3 pt-1">
            {games.map((game) => (
              <label key={game.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="games" value={game.id} defaultChecked className="accent-emerald-500" />
                {game.title}
              </label>
            ))}
          </div>
          {errors.games && (
            <p id="field-games-error" className="mt-1 text-xs text-rose-300">
              {errors.games.join("; ")}
            </p>
          )}
        </fieldset>
      </div>

      <Field name="description" label="Description" hint="Optional, up to 500 characters." errors={errors.description}>
        {(p) => <textarea {...p} rows={2} className={INPUT} placeholder="What makes it play the way it does" />}
      </Field>

      {kind === "remote" ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <Field
            name="url"
            label="Endpoint URL"
            hint="An http(s) URL on a public address, answering the protocol in docs/AGENT_PROTOCOL.md."
            errors={errors.url}
          >
            {(p) => (
              <input
                {...p}
                type="url"
                className={INPUT}
                placeholder="https://agent.example.com/decide"
                autoComplete="off"
              />
            )}
          </Field>
          <Field name="timeoutMs" label="Timeout (ms)" hint="100–120,000; default 10,000." errors={errors.timeoutMs}>
            {(p) => <input {...p} type="number" min={100} max={120000} className={INPUT} placeholder="10000" />}
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="baseURL"
            label="Base URL"
            hint={
              providers.length
                ? "One of the providers this arena allows (below)."
                : "This arena allows no LLM providers yet."
            }
            errors={errors.baseURL}
          >
            {(p) => (
              <input
                {...p}
                list="llm-base-urls"
                className={INPUT}
                placeholder="https://api.openai.com/v1"
                autoComplete="off"
              />
            )}
          </Field>
          <Field name="model" label="Model id" errors={errors.model}>
            {(p) => <input {...p} className={INPUT} placeholder="gpt-4o-mini" autoComplete="off" />}
          </Field>
          <Field
            name="apiKeyEnv"
            label="API key variable"
            hint="The server environment variable holding the key; empty for keyless servers."
            errors={errors.apiKeyEnv}
          >
            {(p) => (
              <input {...p} list="llm-key-vars" className={INPUT} placeholder="OPENAI_API_KEY" autoComplete="off" />
            )}
          </Field>
          <datalist id="llm-base-urls">
            {[...new Set(providers.map((p) => p.baseURL))].map((url) => (
              <option key={url} value={url} />
            ))}
          </datalist>
          <datalist id="llm-key-vars">
            {[...new Set(providers.flatMap((p) => (p.apiKeyEnv ? [p.apiKeyEnv] : [])))].map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          {providers.length > 0 && (
            <ul className="text-xs text-slate-400 sm:col-span-2">
              {providers.map((p) => (
                <li key={`${p.apiKeyEnv}@${p.baseURL}`} className="font-mono">
                  {p.apiKeyEnv ?? "(no key)"} → {p.baseURL}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {optionFields.length > 0 && <GameSettings fields={optionFields} errors={errors} />}

      <FormError message={formError} />
      {test && <TestResult outcome={test} />}

      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={busy !== null}
          onClick={(e) => void runTest(e.currentTarget.form!)}
        >
          {busy === "test" ? "Testing…" : "Test"}
        </button>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy !== null}>
          {busy === "create" ? "Registering…" : "Register agent"}
        </button>
      </div>
      <p className="text-xs text-slate-500">
        Test sends one sample decision and shows the reply. Before registration it is signed with a one-off secret, so
        an endpoint that already verifies signatures answers 401; test again from the agent&apos;s page afterwards.
      </p>
    </form>
  );
}

function Credentials({ registered }: { registered: Registered }) {
  return (
    <section
      aria-labelledby="credentials-heading"
      className="space-y-4 rounded-xl border border-emerald-500/40 bg-emerald-500/5 p-5"
    >
      <h2 id="credentials-heading" className="text-lg font-semibold">
        {registered.agent.name} is registered
      </h2>
      <p className="text-sm text-amber-200">
        Copy these now: they are shown once and cannot be recovered (the arena keeps only a hash of the token).
      </p>
      <Secret
        label="Owner token"
        value={registered.ownerToken}
        hint="Send it as Authorization: Bearer … to edit, pause, test or delete the agent."
      />
      {registered.signingSecret && (
        <Secret
          label="Signing secret"
          value={registered.signingSecret}
          hint="Verify the webhook-signature header of every request with it (Standard Webhooks)."
        />
      )}
      <Link href={`/agents/${registered.agent.id}`} className={`${PRIMARY_BUTTON} inline-block no-underline`}>
        Go to the agent&apos;s page
      </Link>
    </section>
  );
}

function Secret({ label, value, hint }: { label: string; value: string; hint: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <p className="text-sm font-medium text-slate-200">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <output
          aria-label={label}
          className="block break-all rounded-md bg-slate-950 px-3 py-2 font-mono text-sm text-emerald-200"
        >
          {value}
        </output>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-400">{hint}</p>
    </div>
  );
}

/** The games' own settings of an agent (SocialGrid: its oracle level, macro replies); empty: as the game decides. */
function GameSettings({ fields, errors }: { fields: AgentOptionField[]; errors: Errors }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-200">Game settings (optional)</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field
            key={optionName(field)}
            name={optionName(field)}
            label={`${field.gameTitle}: ${field.label}`}
            hint={field.description}
            errors={errors[optionName(field)]}
          >
            {(p) => (
              <select {...p} className={INPUT} defaultValue="">
                <option value="">As the game decides</option>
                {(field.kind === "flag" ? ["true", "false"] : field.values).map((value) => (
                  <option key={value} value={value}>
                    {field.kind === "flag" ? (value === "true" ? "yes" : "no") : value}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
