export interface WordLimited {
  text: string;
  /** Word count of the text as given. */
  words: number;
  truncated: boolean;
}

/** Keeps the first `max` whitespace-separated words; a shorter text is returned trimmed and unchanged. */
export function limitWords(text: string, max: number): WordLimited {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length <= max) return { text: text.trim(), words: words.length, truncated: false };
  return { text: words.slice(0, max).join(" "), words: words.length, truncated: true };
}
