import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { remoteRequestSchema, toRemoteRequest } from "./protocol";
import { PROTOCOL_DOC, withCurrentSchemas } from "./protocol-doc";
import { socialGridReplies } from "./socialgrid-replies";
import { SAMPLE_REQUESTS } from "./test-call";

describe("protocol", () => {
  it("serialises every sample request into a valid protocol request", () => {
    for (const request of Object.values(SAMPLE_REQUESTS)) {
      expect(remoteRequestSchema.safeParse(toRemoteRequest(request, socialGridReplies)).success).toBe(true);
    }
  });

  it("docs/AGENT_PROTOCOL.md carries the current JSON Schemas (regenerate: npx tsx lib/agents/protocol-doc.ts)", () => {
    const doc = fs.readFileSync(PROTOCOL_DOC, "utf8");
    expect(doc).toContain("<!-- generated:schemas -->");
    expect(doc).toBe(withCurrentSchemas(doc));
  });
});
