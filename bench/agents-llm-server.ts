/**
 * Child process of the agents benchmark: the local OpenAI-protocol server answering every call after the
 * latency given as argument, in its own process like a real LLM server (its work does not load the
 * runner's event loop). Prints its base URL; answers the IPC message "count" with the calls received.
 */
import { messageText, startFakeOpenAI, type ChatRequest, type FakeReply } from "../tests/support/fake-openai";

/**
 * A valid structured reply to any SocialGrid request: the planner's suggestion (else the first allowed
 * action), a skip vote with trust 0.5 for every player the schema asks about, or a short statement.
 */
function validReply(request: ChatRequest): FakeReply {
  const format = request.response_format?.json_schema;
  const prompt = request.messages.map(messageText).join("\n");
  switch (format?.name) {
    case "act_reply": {
      const allowed = numbers(/ALLOWED_ACTIONS: \[([\d,]*)\]/.exec(prompt)?.[1]);
      const suggested = numbers(/BEST_ACTION_SUGGESTION: \[([\d,]*)\]/.exec(prompt)?.[1]);
      const action = suggested.find((a) => allowed.includes(a)) ?? allowed[0] ?? 7;
      return { content: JSON.stringify({ thought: "following the planner", action }) };
    }
    case "vote_reply": {
      const schema = format.schema as { properties?: { trust_scores?: { properties?: Record<string, unknown> } } };
      const players = Object.keys(schema.properties?.trust_scores?.properties ?? {});
      const trust = Object.fromEntries(players.map((name) => [name, 0.5]));
      return {
        content: JSON.stringify({ thought: "no evidence", vote: "skip", trust_scores: trust, statement: null }),
      };
    }
    default:
      return { content: JSON.stringify({ thought: "", statement: "Nothing to report." }) };
  }
}

const numbers = (list: string | undefined): number[] => (list ? list.split(",").filter(Boolean).map(Number) : []);

const server = await startFakeOpenAI(validReply, { latencyMs: Number(process.argv[2]) });
process.on("message", (message) => {
  if (message === "count") process.send!(server.requests.length);
});
process.on("disconnect", () => void server.close().finally(() => process.exit(0)));
console.log(server.baseURL);
