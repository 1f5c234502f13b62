import { generateWebhookSecret } from "@/lib/agents/signing";
import { json, readJson, route } from "@/lib/api/http";
import { enforceRateLimit } from "@/lib/api/limits";
import { connectionSchema, policyFromEnv } from "@/lib/registry/submission";
import { testConnection } from "@/lib/registry/test-call";

export const dynamic = "force-dynamic";

/**
 * The form's Test button, before registration. The agent has no secret yet, so remote requests are signed
 * with a one-off secret: this checks reachability and the reply format, not signature verification.
 */
export const POST = route(async (request) => {
  enforceRateLimit(request, "test-call");
  const connection = await readJson(request, connectionSchema(policyFromEnv()));
  return json(await testConnection(connection, generateWebhookSecret()));
});
