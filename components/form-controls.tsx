/** Labelled form fields with their server-side errors wired up for assistive technology. */
export const INPUT =
  "w-full rounded-md border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-600 focus:border-emerald-500 focus:outline-none aria-[invalid=true]:border-rose-500";

export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-xs text-rose-300">
      {messages.join("; ")}
    </p>
  );
}

export function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: React.ReactNode;
  errors?: string[];
  children: (props: {
    id: string;
    name: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children({ id, name, "aria-invalid": Boolean(errors?.length), "aria-describedby": described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
      {message}
    </p>
  );
}

export const PRIMARY_BUTTON =
  "rounded-md bg-emerald-500 px-4 py-2 text-sm font-medium text-slate-950 hover:bg-emerald-400 disabled:cursor-not-allowed disabled:opacity-50";
export const SECONDARY_BUTTON =
  "rounded-md border border-slate-700 px-4 py-2 text-sm text-slate-200 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-50";

/** POSTs JSON and returns the parsed reply with its status (network failures become a message). */
export async function sendJson(url: string, body: unknown, init: { method?: string; token?: string } = {}) {
  try {
    const response = await fetch(url, {
      method: init.method ?? "POST",
      headers: { "content-type": "application/json", ...(init.token && { authorization: `Bearer ${init.token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  } catch (err) {
    return {
      status: 0,
      json: { error: `the arena did not answer: ${err instanceof Error ? err.message : String(err)}` } as Record<
        string,
        unknown
      >,
    };
  }
}

/** The form-level message of an API error: field errors are shown at their fields, so only what has no field. */
export function formMessage(json: Record<string, unknown>, known: (field: string) => boolean): string {
  const fields = (json.fieldErrors as Record<string, string[]> | undefined) ?? {};
  const unplaced = Object.entries(fields)
    .filter(([field]) => !known(field))
    .flatMap(([, messages]) => messages);
  if (Object.keys(fields).length === 0) return String(json.error ?? "the request failed");
  return ["Check the highlighted fields.", ...unplaced].join(" ");
}

/** A fieldset of radio buttons drawn as cards, each with a label and a one-line hint. */
export function RadioCards<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<readonly [value: V, label: string, hint: string]>;
  value: V;
  onChange: (value: V) => void;
  disabled?: (value: V) => boolean;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(([option, label, hint]) => (
          <label
            key={option}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-700 p-3 has-[:checked]:border-emerald-500 has-[:checked]:bg-emerald-500/5"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled?.(option)}
              onChange={() => onChange(option)}
              className="mt-1 accent-emerald-500"
            />
            <span>
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-slate-400">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
