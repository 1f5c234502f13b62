import Link from "next/link";
import { NavLinks } from "./nav-links";
import { RealtimeStatus } from "./realtime-status";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight no-underline">
          <span
            aria-hidden
            className="grid h-7 w-7 place-items-center rounded-md bg-emerald-500 text-sm font-bold text-slate-950"
          >
            SA
          </span>
          <span>Social Arena</span>
        </Link>
        <NavLinks />
        <div className="ml-auto">
          <RealtimeStatus />
        </div>
      </div>
    </header>
  );
}
