import { z } from "zod";
import { DECISION_KINDS } from "./decisions";
import type { SecretMafiaPlayerView } from "./view";
import type { Assert, Same } from "../../core/type-check";

/**
 * The structured observation (`playerView`) of one Secret Mafia seat as a zod schema, published as JSON
 * Schema for remote agents. Objects are not strict: unknown fields are stripped when parsing, so agents
 * written against this schema keep working when the engine adds a field. The type check at the end keeps
 * the schema and `SecretMafiaPlayerView` identical.
 */

const int = () => z.number().int();
const seat = () => int().min(0).describe("A seat number; seat i is called `Player i`");
const team = z.enum(["Mafia", "Village"]);

const message = z
  .object({
    from: int().min(-1).describe("Sender seat, −1 for the game"),
    to: z.union([z.literal(-1), z.array(seat())]).describe("−1 for everyone, else the recipients' seats"),
    observation: z.enum([
      "prompt",
      "player_action",
      "game_action_description",
      "game_message",
      "game_board",
      "game_admin",
    ]),
    text: z.string(),
  })
  .describe("One observation (TextArena's message model); agents read it as `[GAME] text` / `[Player i] text`");

export const secretMafiaObservationSchema = z
  .object({
    game: z.literal("secret-mafia"),
    seat: seat(),
    name: z.string(),
    role: z.enum(["Mafia", "Doctor", "Detective", "Villager"]),
    team,
    teammates: z.array(seat()).describe("Fellow Mafia (Mafia only)"),
    alive: z.boolean(),
    day: int().min(0).describe("Day number from 1; night n precedes day n"),
    phase: z.enum(["night_mafia", "night_doctor", "night_detective", "day_discussion", "day_voting", "over"]),
    discussionRounds: int().describe("Rounds of discussion each day, every living player speaking in turn"),
    players: z
      .array(z.object({ seat: seat(), name: z.string(), alive: z.boolean() }))
      .describe("Alive as this player knows it: tonight's eliminations for invalid moves stay hidden until daybreak"),
    pending: z
      .object({
        kind: z.enum(DECISION_KINDS),
        validTargets: z.array(seat()),
        warned: z.boolean().describe("The previous move was invalid: another invalid move eliminates this player"),
      })
      .nullable()
      .describe("This player's move now: its kind and, for targeted moves, the valid seats"),
    history: z
      .array(message)
      .describe("Every observation addressed to this player (or to everyone), in order: what a TextArena agent reads"),
    result: z.object({ winner: team, reason: z.string() }).nullable(),
  })
  .describe("Secret Mafia observation: what one player may know (TextArena rules)");

export type SecretMafiaObservation = z.infer<typeof secretMafiaObservationSchema>;

// ---- Compile-time check: the schema describes exactly `SecretMafiaPlayerView` (no field missing or extra). ----

export type SecretMafiaObservationMatchesView = Assert<Same<SecretMafiaObservation, SecretMafiaPlayerView>>;
