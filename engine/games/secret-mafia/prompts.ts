import type { DecisionKind } from "./decisions";
import { renderMessage } from "./messages";
import type { SecretMafiaPlayerView } from "./view";

/**
 * TextArena-style prompts: the role prompt (the game's opening observation) as the system prompt, then the
 * player's whole history as `[GAME] …` / `[Player i] …` lines and what to do now. Rendered from a player
 * view only, so a prompt never holds what the player may not know.
 */
export interface RenderedPrompt {
  kind: DecisionKind;
  system: string;
  user: string;
}

const targets = (seats: readonly number[]): string => seats.map((s) => `[${s}]`).join(", ");

const TURN: Record<DecisionKind, (view: SecretMafiaPlayerView, valid: number[]) => string> = {
  night_kill: (v, valid) =>
    `Your turn (night ${v.day}): vote for the Mafia's victim as '[X]' or '[Player X]'. Valid targets: ${targets(valid)}.`,
  protect: (v, valid) =>
    `Your turn (night ${v.day}): protect one player as '[X]' or '[Player X]'. Valid options: ${targets(valid)}.`,
  investigate: (v, valid) =>
    `Your turn (night ${v.day}): investigate one player as '[X]' or '[Player X]'. Valid options: ${targets(valid)}.`,
  discuss: (v) =>
    `Your turn to speak (day ${v.day}, ${v.discussionRounds} discussion round${v.discussionRounds === 1 ? "" : "s"}). Everything you say is broadcast to all players.`,
  vote: (v, valid) => `Your turn to vote (day ${v.day}): reply with '[X]' or '[Player X]'. Valid: ${targets(valid)}.`,
};

export function renderPrompt(view: SecretMafiaPlayerView): RenderedPrompt | null {
  const pending = view.pending;
  if (!pending) return null;
  const [opening, ...rest] = view.history;
  const system = [
    opening?.observation === "prompt" ? opening.text : "",
    "",
    'Answer with a JSON object {"action": "<your move>"}: your discussion text when speaking, otherwise a move containing the target, e.g. "[3]".',
  ].join("\n");
  const user = [
    ...(opening?.observation === "prompt" ? rest : view.history).map(renderMessage),
    "",
    TURN[pending.kind](view, pending.validTargets),
    ...(pending.warned
      ? ["Your previous move was invalid (see the warning above): another invalid move eliminates you."]
      : []),
  ].join("\n");
  return { kind: pending.kind, system, user };
}
