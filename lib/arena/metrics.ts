/**
 * The arena's Prometheus figures. Event, latency and error figures are derived from the live bus, which
 * carries every committed event of every process, so a web node reports the whole arena's activity.
 */
import "server-only";
import { getDatabase } from "@/lib/db/client";
import type { BusMessage } from "./bus";
import type { AgentErrorEvent, DecisionsEvent } from "./events";
import { Counter, Gauge, Histogram, Registry } from "./prometheus";
import { countByStatus } from "./store";

const RATE_WINDOW_S = 10;

export class ArenaMetrics {
  readonly registry = new Registry();
  private readonly episodes = this.registry.register(new Gauge("arena_episodes", "Episodes by status"));
  private readonly events = this.registry.register(new Counter("arena_events_total", "Episode events committed"));
  private readonly eventRate = this.registry.register(
    new Gauge("arena_events_per_second", `Episode events committed per second over the last ${RATE_WINDOW_S} s`),
  );
  private readonly agentLatency = this.registry.register(
    new Histogram(
      "arena_agent_call_latency_seconds",
      "Agent decision latency by agent kind",
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    ),
  );
  private readonly agentErrors = this.registry.register(
    new Counter("arena_agent_errors_total", "Failed agent decisions (fallback used) by agent kind and error kind"),
  );
  private readonly viewers = this.registry.register(
    new Gauge("arena_viewers", "Viewers connected to episode streams on this node"),
  );
  /** Events per second of the last RATE_WINDOW_S seconds, by epoch second. */
  private readonly perSecond = new Map<number, number>();

  constructor(countEpisodes: () => Promise<Record<string, number>>) {
    this.viewers.set({}, 0);
    this.registry.onCollect(async () => {
      try {
        for (const [status, n] of Object.entries(await countEpisodes())) this.episodes.set({ status }, n);
      } catch {
        // the database is unreachable: keep the last figures; /api/health reports the outage
      }
      this.eventRate.set({}, this.rate());
    });
  }

  observe(message: BusMessage) {
    if (message.kind !== "events") return;
    this.events.inc({}, message.events.length);
    const second = Math.floor(Date.now() / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + message.events.length);
    for (const { payload } of message.events) {
      if (payload.type === "decisions") {
        for (const seat of Object.values((payload as DecisionsEvent).seats)) {
          this.agentLatency.observe({ agent_kind: seat.agentKind }, seat.latencyMs / 1000);
        }
      } else if (payload.type === "agent_error") {
        const error = payload as AgentErrorEvent;
        this.agentErrors.inc({ agent_kind: error.agentKind, kind: error.kind });
      }
    }
  }

  setViewers(count: number) {
    this.viewers.set({}, count);
  }

  private rate(): number {
    const now = Math.floor(Date.now() / 1000);
    let total = 0;
    for (const [second, n] of this.perSecond) {
      if (second <= now - RATE_WINDOW_S) this.perSecond.delete(second);
      else if (second < now) total += n;
    }
    return total / (RATE_WINDOW_S - 1);
  }
}

const holder = globalThis as typeof globalThis & { __arenaMetrics?: ArenaMetrics };

/** The process's metrics (shared by the custom server and Next's route handlers through globalThis). */
export function arenaMetrics(): ArenaMetrics {
  holder.__arenaMetrics ??= new ArenaMetrics(async () => countByStatus((await getDatabase()).prisma));
  return holder.__arenaMetrics;
}
