import { z } from "zod";
import { DECISION_KINDS } from "./decisions";
import { DECEPTION_TYPES } from "./events";
import type { WerewolfPlayerView } from "./view";
import type { Assert, Same } from "../../core/type-check";

/**
 * The structured observation (`playerView`) of one Werewolf seat as a zod schema, published as JSON Schema
 * for remote agents. Objects are not strict: unknown fields are stripped when parsing, so agents written
 * against this schema keep working when the engine adds a field. The type check at the end keeps the
 * schema and `WerewolfPlayerView` identical.
 */

const int = () => z.number().int();
const seat = () => int().min(0).describe("A seat number; `players` maps it to a name");
const round = () => int().min(1).describe("Round number: each round is a night followed by a day, from 1");
const turn = () => int().min(1).describe("1-based statement number within the day");
const role = z.enum(["Werewolf", "Seer", "Doctor", "Villager"]);
const team = z.enum(["werewolves", "villagers"]);
const winReason = z.enum(["no_wolves", "parity", "round_limit"]);

const gameFacts = z.object({
  roleCounts: z.object({ werewolves: int(), seer: int(), doctor: int(), villagers: int() }),
  statementsPerDay: int(),
  maxStatementWords: int().describe("Longer statements are cut to this many words and flagged `truncated`"),
  maxBid: int(),
  maxRounds: int().describe("After this many rounds without a winner the werewolves win"),
  suspicionInVotePrompt: z.boolean().describe("Voting prompts show the voter's own running suspicion scores"),
});

const pendingView = z
  .object({
    kind: z.enum(DECISION_KINDS),
    options: z.array(seat()).optional().describe("Seats this decision may name (night_kill, protect, unmask, vote)"),
    statement: z
      .object({ round: round(), turn: turn(), speaker: seat(), text: z.string() })
      .optional()
      .describe("The statement to analyse (self_analysis, peer_analysis)"),
  })
  .describe("The decision this player owes now, with what they need to make it");

const publicEntry = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("night"),
    round: round(),
    killed: seat().nullable().describe("Who died in the night; null if nobody"),
  }),
  z.object({
    type: z.literal("statement"),
    round: round(),
    turn: turn(),
    speaker: seat(),
    text: z.string(),
    truncated: z.boolean().describe("The text exceeded the word limit and was cut"),
  }),
  z.object({
    type: z.literal("vote"),
    round: round(),
    ballots: z.record(z.string(), seat().nullable()).describe("Voter seat → voted seat (null: abstained or invalid)"),
    reasons: z.record(z.string(), z.string()).describe("Voter seat → public reason"),
    needed: int().describe("The majority needed to exile: ⌊alive/2⌋+1"),
    exiled: seat().nullable().describe("The exiled seat (null: no majority)"),
  }),
  z.object({ type: z.literal("game_end"), round: round(), winner: team, reason: winReason }),
]);

const selfAnalysis = z.object({
  is_deceptive: z.literal([0, 1]),
  confidence: z.number().min(0).max(1),
  deception_type: z.enum(DECEPTION_TYPES),
  reasoning: z.string(),
  fallback: z.literal(true).optional().describe("The engine's default analysis (the agent failed)"),
});
const peerAnalysis = selfAnalysis
  .extend({
    suspicion_level: z.number().min(0).max(1).describe("How likely the speaker is deceiving, 0..1"),
  })
  .describe("An observer's judgement of someone else's statement");

export const werewolfObservationSchema = z
  .object({
    game: z.literal("werewolf"),
    seat: seat(),
    name: z.string(),
    role,
    alive: z.boolean(),
    round: int().min(0),
    phase: z.enum(["night", "bid", "statement", "analysis", "vote", "over"]),
    facts: gameFacts,
    players: z
      .array(
        z.object({
          seat: seat(),
          name: z.string(),
          alive: z.boolean(),
          fate: z.enum(["alive", "killed", "exiled"]),
          knownRole: role.nullable().describe("Only where this player knows it (self, pack, Seer findings)"),
        }),
      )
      .describe("Everyone's public standing"),
    pending: pendingView.nullable(),
    statementsToday: int().min(0).describe("Statements made so far today"),
    record: z.array(publicEntry).describe("What everybody knows, in order"),
    packChat: z
      .array(z.object({ round: round(), seat: seat(), target: seat().nullable(), message: z.string() }))
      .describe("Werewolves only: the pack's proposals and notes, every night so far"),
    investigations: z
      .array(z.object({ round: round(), target: seat(), role }))
      .describe("Seer only: what each investigation revealed"),
    protections: z.array(z.object({ round: round(), target: seat() })).describe("Doctor only: whom they protected"),
    analyses: z
      .array(
        z.object({
          round: round(),
          turn: turn(),
          speaker: seat(),
          // Peer first: a non-strict self-analysis object would accept a peer analysis and strip its score.
          analysis: z.union([peerAnalysis, selfAnalysis]),
        }),
      )
      .describe("This player's own analyses (self or peer), in statement order"),
    suspicion: z
      .record(z.string(), z.number())
      .describe("This player's running suspicion of every other player, keyed by seat"),
    result: z.object({ winner: team, reason: winReason }).nullable(),
  })
  .describe("Werewolf observation: what one player may know (WOLF rules)");

export type WerewolfObservation = z.infer<typeof werewolfObservationSchema>;

// ---- Compile-time check: the schema describes exactly `WerewolfPlayerView` (no field missing or extra). ----

export type WerewolfObservationMatchesView = Assert<Same<WerewolfObservation, WerewolfPlayerView>>;
