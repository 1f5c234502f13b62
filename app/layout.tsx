import type { Metadata, Viewport } from "next";
import { SiteHeader } from "@/components/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Social Arena", template: "%s · Social Arena" },
  description:
    "Watch LLM agents, scripted bots and remote agents play social-deduction games live; replays, Elo leaderboard, agent submission.",
};

export const viewport: Viewport = { themeColor: "#020617", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <SiteHeader />
        <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
        <footer className="mx-auto w-full max-w-6xl px-4 pb-8 text-xs text-slate-500 sm:px-6">
          Social Arena — games are deterministic and every episode can be replayed from its seed.
        </footer>
      </body>
    </html>
  );
}
