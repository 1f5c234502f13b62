/** An escaped NUL in JSON text: `\u0000` preceded by an even number of backslashes. */
import "server-only";
const ESCAPED_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * A value as it comes back from the database's JSONB: `undefined` fields dropped, plain objects only, and
 * NUL characters (which JSONB rejects, and an agent's raw output may contain) removed from strings.
 */
export function asStoredJson<T>(value: T): T {
  const text = JSON.stringify(value);
  return JSON.parse(text.includes("\\u0000") ? text.replace(ESCAPED_NUL, "$1") : text) as T;
}

/** JSON with object keys sorted, so values that JSONB reordered still compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Index of the first entry where the two lists differ as JSON, or -1 when they are equal. */
export function firstJsonDifference(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (canonicalJson(a[i]) !== canonicalJson(b[i])) return i;
  return a.length === b.length ? -1 : n;
}
