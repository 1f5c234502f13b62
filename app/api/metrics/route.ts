import { route } from "@/lib/api/http";
import { arenaMetrics } from "@/lib/arena/metrics";
import { PROMETHEUS_CONTENT_TYPE } from "@/lib/arena/prometheus";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint: episodes by status, event rate, agent latency and errors, viewers. */
export const GET = route(async () => {
  return new Response(await arenaMetrics().registry.render(), {
    headers: { "content-type": PROMETHEUS_CONTENT_TYPE, "cache-control": "no-store" },
  });
});
