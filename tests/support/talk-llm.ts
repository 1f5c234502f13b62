/**
 * A fake LLM for the talk games: answers every structured-output request of the OpenAI-protocol server
 * with valid JSON for its decision kind (the schema's name is `<kind>_reply`), naming the first allowed
 * player where one is needed.
 */
import { messageText, type ChatHandler, type ChatRequest } from "./fake-openai";

type JsonSchema = { properties?: Record<string, { enum?: string[] }> };

const firstOption = (request: ChatRequest, field: string): string | undefined =>
  (request.response_format?.json_schema?.schema as JsonSchema | undefined)?.properties?.[field]?.enum?.[0];

const lastUserText = (request: ChatRequest): string => {
  const users = request.messages.filter((m) => m.role === "user");
  return users.length > 0 ? messageText(users[users.length - 1]) : "";
};

const WEREWOLF_REPLIES: Record<string, (request: ChatRequest) => object> = {
  night_kill: (r) => ({ thought: "t", target: firstOption(r, "target"), message: "this one" }),
  protect: (r) => ({ thought: "t", target: firstOption(r, "target") }),
  unmask: (r) => ({ thought: "t", target: firstOption(r, "target") }),
  bid: () => ({ thought: "t", bid: 3 }),
  statement: () => ({ thought: "t", statement: "I have no strong read yet; let us hear everyone." }),
  self_analysis: () => ({
    thought: "t",
    is_deceptive: 0,
    confidence: 0.8,
    deception_type: "none",
    reasoning: "honest",
  }),
  peer_analysis: () => ({
    thought: "t",
    is_deceptive: 1,
    confidence: 0.6,
    deception_type: "omission",
    reasoning: "vague",
    suspicion_level: 0.65,
  }),
  vote: (r) => ({ thought: "t", vote: firstOption(r, "vote"), reasoning: "gut feeling" }),
};

/** Secret Mafia: the first `[N]` of the prompt's closing "Your turn…" line, or a line of discussion. */
function mafiaReply(request: ChatRequest): object {
  const turn = lastUserText(request)
    .split("\n")
    .reverse()
    .find((line) => line.startsWith("Your turn"));
  const target = /\[(\d+)\]/.exec(turn ?? "");
  return { thought: "t", action: target ? `[${target[1]}]` : "I am listening closely to everyone." };
}

export const talkGameLlm =
  (game: "werewolf" | "secret-mafia"): ChatHandler =>
  (request) => {
    const kind = (request.response_format?.json_schema?.name ?? "").replace(/_reply$/, "");
    const reply = game === "werewolf" ? WEREWOLF_REPLIES[kind]?.(request) : mafiaReply(request);
    return { content: JSON.stringify(reply ?? { error: `unexpected kind ${kind}` }) };
  };
