"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError, INPUT, SECONDARY_BUTTON, sendJson } from "../form-controls";
import { TestResult, type TestOutcome } from "./test-result";

/** Owner actions with the owner token: a signed test call, pause/resume, delete. The token stays in this page only. */
export function OwnerPanel({
  agentId,
  status,
  testable,
}: {
  agentId: string;
  status: "active" | "paused";
  testable: boolean;
}) {
  const router = useRouter();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [test, setTest] = useState<TestOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(path: string, method: string, body?: unknown) {
    setBusy(true);
    setError(null);
    const result = await sendJson(`/api/agents/${agentId}${path}`, body, { method, token: token.trim() });
    setBusy(false);
    if (result.status >= 400 || result.status === 0) setError(String(result.json.error));
    return result;
  }

  return (
    <details className="rounded-xl border border-slate-800 bg-slate-900/40 p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-200">Manage (owner)</summary>
      <div className="mt-3 space-y-3">
        <label className="block text-sm text-slate-300">
          Owner token
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            className={`${INPUT} mt-1 font-mono`}
            placeholder="sa_…"
            autoComplete="off"
          />
        </label>
        <div className="flex flex-wrap gap-2">
          {testable && (
            <button
              type="button"
              className={SECONDARY_BUTTON}
              disabled={busy || !token}
              onClick={async () => {
                const r = await act("/test", "POST");
                if (r.status === 200) setTest(r.json as unknown as TestOutcome);
              }}
            >
              Test (signed)
            </button>
          )}
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={busy || !token}
            onClick={async () => {
              const r = await act("", "PATCH", { status: status === "active" ? "paused" : "active" });
              if (r.status === 200) router.refresh();
            }}
          >
            {status === "active" ? "Pause" : "Resume"}
          </button>
          <button
            type="button"
            className={`${SECONDARY_BUTTON} border-rose-500/50 text-rose-300`}
            disabled={busy || !token}
            onClick={async () => {
              if (!window.confirm("Delete this agent? Its episodes stay.")) return;
              const r = await act("", "DELETE");
              if (r.status === 200) router.push("/agents");
            }}
          >
            Delete
          </button>
        </div>
        <FormError message={error} />
        {test && <TestResult outcome={test} />}
        <p className="text-xs text-slate-500">
          Paused agents are left out of new leagues. Editing other fields: PATCH /api/agents/{agentId} (docs/API.md).
        </p>
      </div>
    </details>
  );
}
