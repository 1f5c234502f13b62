import { z } from "zod";
import type { PlayerView } from "./view";
import type { Assert, Same } from "../../core/type-check";

/**
 * The structured observation (`playerView`) of one SocialGrid seat as a zod schema, published as JSON Schema
 * for remote agents. Objects are not strict: unknown fields are stripped when parsing, so agents written
 * against this schema keep working when the engine adds a field. The type check at the end keeps the
 * schema and `PlayerView` identical.
 */

const int = () => z.number().int();
const seat = () => int().min(0);
const actionCode = () => int().min(0).max(13).describe("Action code: 0 MOVE_FORWARD … 13 KILL");
const role = z.enum(["crewmate", "impostor"]);
const facing = z.literal([100, 101, 102, 103]).describe("100=RIGHT, 101=DOWN, 102=LEFT, 103=UP");
const position = () => z.string().describe("`Rrc(x,y)`: room row and column, then the tile's x and y");
const playerName = () => z.string().describe("A player name like `Player_3`");

const point = z.object({ x: int(), y: int() });

const taskView = z.object({
  id: z.string().describe('Unique within the episode, e.g. "short_3_p2"'),
  name: z.string().describe('Display name used in prompts, e.g. "short_task_1"'),
  kind: z.enum(["common", "short", "long"]),
  pos: position().describe("`Rrc(x,y)` of the station"),
  x: int(),
  y: int(),
  progress: int().min(0).describe("Toggles done so far"),
  required: int().min(0).describe("Toggles needed to complete the task"),
  done: z.boolean(),
  fake: z.boolean().describe("Only ever true in an impostor's own view"),
});

const gameFacts = z.object({
  width: int(),
  height: int(),
  players: int(),
  impostors: int(),
  observation: z
    .enum(["fov", "global"])
    .describe('"fov": a (2r+1)² occluded patch around the player; "global": the whole map, unoccluded'),
  fovRadius: int(),
  oracle: z.enum(["high", "mid", "low"]).describe("Planning-oracle level (the `oracle` field is absent at low)"),
  macroMode: z.boolean().describe("A decision may queue up to `maxMacroActions` actions"),
  maxMacroActions: int(),
  maxSteps: int(),
  voteEvery: int().describe("Scheduled vote after every `voteEvery` env steps; 0 disables scheduled votes"),
  killCooldown: int(),
  meetingsLeft: int().describe("Emergency meetings (button presses) left"),
  discussionRounds: int().describe("Statement turns before each vote (0 = silent vote)"),
});

const asciiPatch = z.object({
  topLeft: point.describe("Global coordinates of the top-left character"),
  rows: z
    .array(z.string())
    .describe("One string per row, top to bottom. `?` = not visible; the viewer is `>`/`v`/`<`/`^` by facing"),
});

const navHint = z
  .object({
    dist: int().nullable().describe("Actions until the target is faced; null if unreachable"),
    next: actionCode().nullable().describe("First action towards the target; once faced, the interaction itself"),
  })
  .describe("Distance and first action towards one target");

const predictedOutcome = z.object({
  action: actionCode(),
  outcome: z
    .string()
    .describe("Human-readable effect, e.g. `MOVE_FORWARD: R01(12,8)->R01(12,7), facing 103; short_task_1 dist 5->4`"),
  position: position().describe("`Rrc(x,y)` after the action"),
  facing: facing.describe("Facing after the action: 100=RIGHT, 101=DOWN, 102=LEFT, 103=UP"),
  distAfter: int().nullable().describe("Distance to the target after the action; null if unreachable"),
});

const oracleReport = z
  .object({
    level: z.enum(["high", "mid"]),
    bestAction: actionCode().nullable().describe("BEST_ACTION_SUGGESTION (null when there is nothing to go for)"),
    bestTarget: z
      .string()
      .nullable()
      .describe('What the suggestion leads to: a task name, a player name, "button" or "body:Player_k"'),
    plan: z
      .array(actionCode())
      .describe("The suggestion; in macro mode followed by the next actions of the optimal plan"),
    taskDist: z
      .record(z.string(), int().nullable())
      .describe("TASK_NAV_ASTAR_DIST: actions until facing each unfinished task's station, by task name"),
    players: z.record(z.string(), navHint).describe("Paths to visible players, by name"),
    button: navHint,
    corpses: z.record(z.string(), navHint).describe("Paths to visible corpses, keyed `body:Player_k`"),
    predicted: predictedOutcome.optional().describe("Mid level only: what the suggested action will do"),
  })
  .describe("The planning oracle's advice (levels high and mid; live players in the task phase only)");

const statement = z.object({
  turn: int().describe("Discussion round within the voting phase, 1-based"),
  seat: seat(),
  text: z.string(),
  name: playerName(),
});

const meetingView = z
  .object({
    round: int().describe("1-based index of the voting phase"),
    reason: z.enum(["schedule", "report", "button"]),
    caller: z.string().nullable().describe("Who reported or pressed the button (null for scheduled votes)"),
    body: z.string().nullable().describe("The dead player whose body was reported (report meetings)"),
    turn: int().nullable().describe("Discussion turn being collected (discussion phase only)"),
    statements: z.array(statement),
    allPlayers: z.array(z.string()),
    alivePlayers: z.array(z.string()),
    allowedVotes: z.array(z.string()).describe('Live players other than oneself, then "skip"'),
  })
  .describe("The meeting in progress (discussion and vote phases only)");

const memoryView = z
  .object({
    players: z.array(
      z.object({
        name: playerName(),
        status: z.enum(["alive", "dead", "ejected"]),
        lastSeen: z
          .object({ step: int(), pos: position() })
          .nullable()
          .describe("Env step and position of the last sighting; null if never seen"),
        stepsSeen: int().describe("Env steps this player was in view"),
        taskTogglesSeen: int().describe("DO_TASK toggles seen (real and fake look alike)"),
      }),
    ),
    notes: z
      .array(z.string())
      .describe("Notable observations, oldest first, bounded (kills witnessed, bodies found, meetings, votes)"),
  })
  .describe("What this player has observed, summarised for voting (discussion and vote phases only)");

const gameResult = z
  .object({
    winner: z.enum(["crew", "impostors"]),
    reason: z.enum(["all_impostors_ejected", "tasks_complete", "all_crew_dead", "parity", "step_limit"]),
    t: int(),
    returns: z.array(z.number()).describe("Sum of all rewards per seat over the episode (index = seat)"),
  })
  .describe("How the game ended (finished games only)");

export const socialGridObservationSchema = z
  .object({
    t: int().min(0).describe("Env steps completed"),
    phase: z.enum(["task", "discussion", "vote", "over"]),
    seat: seat(),
    name: playerName(),
    role,
    alive: z.boolean(),
    game: gameFacts,
    position: position(),
    x: int(),
    y: int(),
    room: z.object({ row: int(), col: int() }),
    facing,
    frontTile: z.string().describe("Legend character of the tile in front"),
    tasks: z.array(taskView),
    allowedActions: z.array(actionCode()),
    visiblePlayers: z.record(z.string(), z.string()).describe("`Rrc(x,y)` → player name, for live players in view"),
    visibleCorpses: z
      .record(z.string(), z.string())
      .describe("`Rrc(x,y)` → name of the dead player, for corpses in view"),
    asciiPatch: asciiPatch.describe(
      "The occluded (2r+1)² patch centred on the viewer, or the whole map in global observation mode",
    ),
    blocked: z.array(z.string()).readonly().describe("Tiles that cannot be entered"),
    history: z
      .array(z.string())
      .describe("Last own env steps, oldest first: `step=42: R01(12,9)->act=0->R01(12,8)` (failed actions marked)"),
    stallAlert: z
      .boolean()
      .describe("The last 5 own steps left the player on the same tile without one successful interaction"),
    nearestPlayerDist: int()
      .nullable()
      .describe("Manhattan distance to the nearest visible live player, null if none is in view"),
    impostor: z
      .object({ killCooldown: int().min(0), teammates: z.array(z.string()) })
      .optional()
      .describe("Impostors only: env steps until KILL is possible, and the other impostors"),
    oracle: oracleReport.optional(),
    meeting: meetingView.optional(),
    memory: memoryView.optional(),
    result: gameResult.optional(),
  })
  .describe("SocialGrid observation: the structured view of one player (App. B / H), only what that player may know");

export type SocialGridObservation = z.infer<typeof socialGridObservationSchema>;

// ---- Compile-time check: the schema describes exactly `PlayerView` (no field missing or extra). ----

export type SocialGridObservationMatchesView = Assert<Same<SocialGridObservation, PlayerView>>;
