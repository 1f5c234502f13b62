import { json, parseQuery, readJson, route } from "@/lib/api/http";
import { enforceRateLimit } from "@/lib/api/limits";
import { prisma } from "@/lib/db/client";
import { agentListQuerySchema, listAgents, registerAgent } from "@/lib/registry/agents";
import { policyFromEnv, submissionSchema } from "@/lib/registry/submission";

export const dynamic = "force-dynamic";

export const GET = route(async (request) => {
  const query = parseQuery(request, agentListQuerySchema.strict());
  return json({ agents: await listAgents(await prisma(), query) });
});

/** Registers an agent; the owner token (and a remote agent's signing secret) appear in this response only. */
export const POST = route(async (request) => {
  enforceRateLimit(request, "agent-create");
  const submission = await readJson(request, submissionSchema(policyFromEnv()));
  return json(await registerAgent(await prisma(), submission), { status: 201 });
});
