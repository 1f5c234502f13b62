export type TestOutcome =
  | { ok: true; latencyMs: number; reply: unknown }
  | { ok: false; latencyMs: number; error: { kind: string; message: string; raw?: string } };

/** What a test call returned: the validated reply and latency, or the exact failure. */
export function TestResult({ outcome }: { outcome: TestOutcome }) {
  return (
    <div
      role="status"
      aria-label="Test result"
      className={`rounded-lg border px-4 py-3 text-sm ${outcome.ok ? "border-emerald-500/40 bg-emerald-500/10" : "border-rose-500/40 bg-rose-500/10"}`}
    >
      {outcome.ok ? (
        <>
          <p className="font-medium text-emerald-200">Test passed: valid reply in {outcome.latencyMs} ms</p>
          <pre className="mt-2 overflow-x-auto rounded bg-slate-950/70 p-2 font-mono text-xs text-slate-200">
            {JSON.stringify(outcome.reply, null, 2)}
          </pre>
        </>
      ) : (
        <>
          <p className="font-medium text-rose-200">
            Test failed ({outcome.error.kind}) after {outcome.latencyMs} ms: {outcome.error.message}
          </p>
          {outcome.error.raw && (
            <pre className="mt-2 overflow-x-auto rounded bg-slate-950/70 p-2 font-mono text-xs text-slate-300">
              {outcome.error.raw}
            </pre>
          )}
        </>
      )}
    </div>
  );
}
