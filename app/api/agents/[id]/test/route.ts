import { z } from "zod";
import { ApiError, idParam, json, route } from "@/lib/api/http";
import { enforceRateLimit } from "@/lib/api/limits";
import { prisma } from "@/lib/db/client";
import { authenticateOwner } from "@/lib/registry/agents";
import { connectionSchema, policyFromEnv } from "@/lib/registry/submission";
import { testConnection } from "@/lib/registry/test-call";
import { agentSigningSecret } from "@/lib/security/master-key";

export const dynamic = "force-dynamic";

/** The owner's test of a registered agent: its stored connection, signed with its real secret. */
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, context) => {
  const id = await idParam(context);
  enforceRateLimit(request, "test-call");
  const row = await authenticateOwner(await prisma(), id, request);
  if (row.kind === "builtin") throw new ApiError(400, "built-in agents need no test");
  const connection = connectionSchema(policyFromEnv()).safeParse({ ...(row.config as object), kind: row.kind });
  if (!connection.success) {
    return json({ ok: false, latencyMs: 0, error: { kind: "config", message: z.prettifyError(connection.error) } });
  }
  return json(await testConnection(connection.data, agentSigningSecret(row.id)));
});
