import { z } from "zod";
import { ApiError, invalid, json, readJson, route } from "@/lib/api/http";
import { arenaRuntime } from "@/lib/arena/runtime";
import { RANDOM_BOT } from "@/lib/arena/random-bot";
import { prisma } from "@/lib/db/client";
import { DEFAULT_GAME } from "@/lib/games/registry";
import { requireTestApi } from "@/lib/viewer/test-api";

export const dynamic = "force-dynamic";

const bodySchema = z.object({
  game: z.string().default(DEFAULT_GAME),
  config: z.record(z.string(), z.unknown()).default({}),
  seed: z.number().int().default(1),
  /** Built-in or stored agents by name, cycled over the seats. */
  agents: z.array(z.string().min(1)).min(1).default([RANDOM_BOT]),
  /** Demo episodes are paced (DEMO_STEP_MS between rounds), so they stay live for a while. */
  demo: z.boolean().default(false),
});

/** Test only: queues an episode on this server's runtime. */
export const POST = route(async (request) => {
  requireTestApi();
  const { game, config, seed, agents, demo } = await readJson(request, bodySchema);
  const runtime = arenaRuntime();
  if (!runtime) throw new ApiError("unavailable", "no arena runtime in this process");
  const arenaGame = runtime.options.games[game];
  if (!arenaGame) throw new ApiError("invalid_input", `unknown game ${game}`, { game: ["unknown game"] });
  const parsedConfig = arenaGame.definition.configSchema.safeParse(config);
  if (!parsedConfig.success) {
    const issues = parsedConfig.error.issues.map((issue) => ({ ...issue, path: ["config", ...issue.path] }));
    throw invalid(new z.ZodError(issues), "body");
  }
  const seats = arenaGame.seats(parsedConfig.data);
  const db = await prisma();
  const rows = await db.agent.findMany({ where: { name: { in: agents } }, select: { id: true, name: true } });
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const missing = agents.filter((name) => !idOf.has(name));
  if (missing.length > 0) {
    throw new ApiError("invalid_input", `unknown agents: ${missing.join(", ")}`, {
      agents: missing.map((name) => `unknown agent ${name}`),
    });
  }
  let id: string;
  try {
    id = await runtime.submit({
      game,
      config,
      seed,
      demo,
      participants: Array.from({ length: seats }, (_, seat) => ({
        seat,
        agentId: idOf.get(agents[seat % agents.length])!,
      })),
    });
  } catch (err) {
    throw new ApiError("invalid_input", err instanceof Error ? err.message : String(err));
  }
  return json({ id }, { status: 201 });
});
