"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Live" },
  { href: "/episodes", label: "Episodes" },
  { href: "/leaderboard", label: "Leaderboard" },
  { href: "/leagues", label: "Leagues" },
  { href: "/agents", label: "Agents" },
];

export function NavLinks() {
  const pathname = usePathname();
  const isActive = (href: string) =>
    href === "/"
      ? pathname === "/"
      : pathname === href || (pathname.startsWith(`${href}/`) && !pathname.startsWith("/agents/new"));
  return (
    <nav aria-label="Main" className="order-last flex w-full flex-wrap gap-1 text-sm sm:order-none sm:w-auto">
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={isActive(link.href) ? "page" : undefined}
          className="rounded-md px-3 py-1.5 text-slate-300 no-underline hover:bg-slate-800 hover:text-white aria-[current=page]:bg-slate-800 aria-[current=page]:text-white"
        >
          {link.label}
        </Link>
      ))}
      <Link
        href="/agents/new"
        aria-current={pathname === "/agents/new" ? "page" : undefined}
        className="whitespace-nowrap rounded-md bg-emerald-500/10 px-3 py-1.5 text-emerald-300 no-underline ring-1 ring-emerald-500/40 hover:bg-emerald-500/20 aria-[current=page]:bg-emerald-500/25"
      >
        Submit an agent
      </Link>
    </nav>
  );
}
