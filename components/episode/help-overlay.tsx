"use client";

import { useEffect, useRef } from "react";
import { SHORTCUTS } from "@/lib/viewer/keys";

/** The shortcuts as a native modal dialog: the browser keeps focus inside it and returns it on close. */
export function HelpOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape closes the native dialog.
    <dialog
      ref={dialog}
      aria-labelledby="viewer-help-title"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // a click on the backdrop
      }}
      className="m-auto w-full max-w-md rounded-xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-slate-950/70"
    >
      <div className="p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="viewer-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-sm text-slate-300 ring-1 ring-slate-700 hover:bg-slate-800"
          >
            Close
          </button>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.keys} className="contents">
              <dt>
                <kbd className="rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-200 ring-1 ring-slate-700">
                  {s.keys}
                </kbd>
              </dt>
              <dd className="text-slate-300">{s.action}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-slate-400">
          Shortcuts are off while typing in a field. Add <code>?step=n</code> to the address to link to a step.
        </p>
      </div>
    </dialog>
  );
}
