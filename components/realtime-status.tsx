"use client";

import { useEffect, useState } from "react";
import { io } from "socket.io-client";

type Status = { state: "connecting" } | { state: "live"; version: string } | { state: "offline" };

/** Shows whether the browser holds a live Socket.IO connection to the arena (and got the server's hello). */
export function RealtimeStatus() {
  const [status, setStatus] = useState<Status>({ state: "connecting" });

  useEffect(() => {
    const socket = io({ transports: ["websocket", "polling"] });
    socket.on("hello", (info: { version: string }) => setStatus({ state: "live", version: info.version }));
    socket.on("disconnect", () => setStatus({ state: "offline" }));
    socket.on("connect_error", () => setStatus({ state: "offline" }));
    return () => {
      socket.close();
    };
  }, []);

  const label =
    status.state === "live" ? "Realtime connected" : status.state === "offline" ? "Realtime offline" : "Connecting…";
  const dot =
    status.state === "live"
      ? "bg-emerald-400"
      : status.state === "offline"
        ? "bg-rose-500"
        : "bg-amber-400 animate-pulse";
  return (
    <span
      role="status"
      aria-label={label}
      data-state={status.state}
      title={status.state === "live" ? `Server ${status.version}` : undefined}
      className="flex items-center gap-2 text-xs text-slate-400"
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${dot}`} />
      <span className="hidden sm:inline">{label}</span>
    </span>
  );
}
