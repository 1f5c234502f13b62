/**
 * TextArena's message model: every observation has a sender (−1 = the game), recipients (−1 = everyone) and
 * an observation type. Agents read their history as lines `[GAME] text` / `[Player i] text`.
 */

export const GAME = -1;
export const EVERYONE = -1;

export type ObservationType =
  | "prompt"
  | "player_action"
  | "game_action_description"
  | "game_message"
  | "game_board"
  | "game_admin";

export interface Message {
  from: number;
  /** −1 for everyone, else the recipients' seats. */
  to: typeof EVERYONE | number[];
  observation: ObservationType;
  text: string;
}

export const playerName = (seat: number): string => `Player ${seat}`;

export const visibleTo = (message: Message, seat: number): boolean =>
  message.to === EVERYONE || message.to.includes(seat);

export const renderMessage = (message: Message): string =>
  `[${message.from === GAME ? "GAME" : playerName(message.from)}] ${message.text}`;
