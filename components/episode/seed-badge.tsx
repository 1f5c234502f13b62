"use client";

import { useState } from "react";
import { Icon } from "./icons";

/** The episode's seed, copyable: with the config it reproduces the whole game. */
export function SeedBadge({ seed }: { seed: number }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(seed));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy seed ${seed}`}
      className="inline-flex items-center gap-1.5 rounded-md bg-slate-800/80 px-2.5 py-1 font-mono text-xs text-slate-200 ring-1 ring-slate-700 hover:bg-slate-700"
    >
      <span className="text-slate-400">seed</span> {seed}
      <Icon name="copy" className="h-3.5 w-3.5 text-slate-400" />
      <span aria-live="polite" className="text-emerald-300">
        {copied ? "copied" : ""}
      </span>
    </button>
  );
}
