/** The viewer's keyboard shortcuts (Kaggle player / lichess conventions), shared by every game. */

export type KeyCommand = "prev" | "next" | "toggle" | "start" | "end" | "help" | "close";

export const SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: "← / →", action: "Previous / next step (hold to repeat)" },
  { keys: "Space", action: "Play / pause" },
  { keys: "Home / End", action: "First / last step (End returns to live)" },
  { keys: ", / .", action: "Previous / next step" },
  { keys: "?", action: "Show or hide this help" },
  { keys: "Esc", action: "Close this help" },
];

const KEYS: Record<string, KeyCommand> = {
  ArrowLeft: "prev",
  ",": "prev",
  ArrowRight: "next",
  ".": "next",
  " ": "toggle",
  Home: "start",
  End: "end",
  "?": "help",
  Escape: "close",
};

export interface KeyLike {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "time"]);

/** Where typing happens: text fields, text areas, selects, editable content. Shortcuts stay out of them. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== "string") return false;
  const el = target as HTMLElement;
  const tag = el.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select" || el.isContentEditable) return true;
  return tag === "input" && TEXT_INPUT_TYPES.has(((el as HTMLInputElement).type || "text").toLowerCase());
}

const isSlider = (target: EventTarget | null | undefined) =>
  !!target &&
  (target as HTMLInputElement).tagName?.toLowerCase() === "input" &&
  (target as HTMLInputElement).type === "range";

/** The command for a key press, or null when the key is not ours or belongs to the focused control. */
export function commandForKey(event: KeyLike): KeyCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  const command = KEYS[event.key] ?? null;
  // A focused slider moves itself with arrows and Home/End (and seeks through its change events).
  if (command && command !== "toggle" && command !== "help" && command !== "close" && isSlider(event.target))
    return null;
  return command;
}
