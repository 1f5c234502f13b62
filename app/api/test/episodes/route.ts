import { z } from "zod";
import { arenaRuntime } from "@/lib/arena/runtime";
import { RANDOM_BOT } from "@/lib/arena/random-bot";
import { prisma } from "@/lib/db/client";
import { testApiDisabled, testApiEnabled } from "@/lib/viewer/test-api";

export const dynamic = "force-dynamic";

const bodySchema = z.object({
  game: z.string().default("socialgrid"),
  config: z.record(z.string(), z.unknown()).default({}),
  seed: z.number().int().default(1),
  /** Built-in or stored agents by name, cycled over the seats. */
  agents: z.array(z.string().min(1)).min(1).default([RANDOM_BOT]),
  /** Demo episodes are paced (DEMO_STEP_MS between rounds), so they stay live for a while. */
  demo: z.boolean().default(false),
});

/** Test only: queues an episode on this server's runtime. */
export async function POST(request: Request) {
  if (!testApiEnabled()) return testApiDisabled();
  const body = bodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return Response.json({ error: z.prettifyError(body.error) }, { status: 400 });
  const runtime = arenaRuntime();
  if (!runtime) return Response.json({ error: "no arena runtime in this process" }, { status: 503 });
  const { game, config, seed, agents, demo } = body.data;
  const arenaGame = runtime.options.games[game];
  if (!arenaGame) return Response.json({ error: `unknown game ${game}` }, { status: 400 });
  const seats = arenaGame.seats(arenaGame.definition.configSchema.parse(config));
  const db = await prisma();
  const rows = await db.agent.findMany({ where: { name: { in: agents } }, select: { id: true, name: true } });
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const missing = agents.filter((name) => !idOf.has(name));
  if (missing.length > 0) return Response.json({ error: `unknown agents: ${missing.join(", ")}` }, { status: 400 });
  try {
    const id = await runtime.submit({
      game,
      config,
      seed,
      demo,
      participants: Array.from({ length: seats }, (_, seat) => ({
        seat,
        agentId: idOf.get(agents[seat % agents.length])!,
      })),
    });
    return Response.json({ id }, { status: 201 });
  } catch (err) {
    return Response.json({ error: err instanceof Error ? err.message : String(err) }, { status: 400 });
  }
}
