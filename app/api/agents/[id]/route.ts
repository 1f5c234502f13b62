import { ApiError, idParam, json, readJson, route } from "@/lib/api/http";
import { prisma } from "@/lib/db/client";
import { authenticateOwner, removeAgent, updateAgent } from "@/lib/registry/agents";
import { agentProfile } from "@/lib/registry/profile";
import { agentPatchSchema, policyFromEnv } from "@/lib/registry/submission";
import { bearerToken } from "@/lib/security/tokens";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** Public profile; with the owner token also the stored config and token hint. */
export const GET = route<Context>(async (request, context) => {
  const id = await idParam(context);
  const db = await prisma();
  const owner = bearerToken(request) !== null;
  const row = owner ? await authenticateOwner(db, id, request) : await db.agent.findUnique({ where: { id } });
  if (!row || row.deletedAt) throw new ApiError(404, "no such agent");
  return json(await agentProfile(db, row, { owner }));
});

export const PATCH = route<Context>(async (request, context) => {
  const id = await idParam(context);
  const db = await prisma();
  const row = await authenticateOwner(db, id, request);
  const patch = await readJson(request, agentPatchSchema);
  return json({ agent: await updateAgent(db, row, patch, policyFromEnv()) });
});

export const DELETE = route<Context>(async (request, context) => {
  const id = await idParam(context);
  const db = await prisma();
  const row = await authenticateOwner(db, id, request);
  return json({ deleted: true, mode: await removeAgent(db, row) });
});
