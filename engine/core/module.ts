/**
 * A game module: everything the arena needs to know about one game, registered once (docs/ADDING_A_GAME.md).
 * This file holds its pure side (it runs in Node and the browser): the rules (`definition`), seats, roles and
 * teams, the decisions agents make with their request and reply schemas, prompts, built-in bots, the board
 * reducer every reader of the log folds it with, metrics and leaderboard figures, and league options. The
 * runtime, the API and the viewer know games only through it.
 */
import { z } from "zod";
import type { DecisionCheck, GameDefinition, GameEvent, PendingDecision, Seat } from "./game";

export interface RoleInfo {
  /** As stored on each participant, e.g. "impostor". */
  id: string;
  label: string;
  /** The label's plural, as leaderboard headings use it ("Werewolves"). */
  plural: string;
  /** The team's id: a seat wins when its role's team wins. */
  team: string;
  description: string;
}

export interface TeamInfo {
  id: string;
  label: string;
}

/**
 * What an agent is asked for one decision. Game-agnostic apart from `payload`: the decision kind's request
 * payload (its schema is the kind's `payload`).
 */
export interface SeatRequest<P = unknown> {
  episodeId: string;
  game: string;
  /** The game's clock for this decision (SocialGrid: the env step; talk games: the round of decisions). */
  step: number;
  seat: Seat;
  /** The seat's display name in the game ("Player_2", "Bob"). */
  player: string;
  role: string;
  kind: string;
  payload: P;
}

export interface SeatPrompt {
  system: string;
  user: string;
}

/** A reply judged against its request: the engine's decision, or why the reply is unusable. */
export type ReplyDecision<D> =
  | { ok: true; decision: D }
  | { ok: false; error: { kind: "schema" | "illegal_action"; message: string } };

/** One kind of decision: what the agent is shown, what it may answer, and how the answer becomes a decision. */
export interface DecisionKindSpec<P = unknown, R = unknown, D = unknown> {
  /** One sentence for the docs and `/api/games`. */
  description: string;
  /** The request payload; its fields sit beside the envelope's in a remote request. */
  payload: z.ZodType<P>;
  /** Every reply an agent may send (unknown fields are ignored; `thought` is optional everywhere). */
  reply: z.ZodType<R>;
  /**
   * The reply schema for LLM structured output: `thought` first and required, every field required, and only
   * keywords OpenAI's strict mode accepts (what it cannot say, `decide` checks).
   */
  llmReply(payload: P): z.ZodType;
  /** What `llmReply` depends on, as a cache key (building and converting a schema is costly). */
  llmReplyKey(payload: P): string;
  /** A schema-valid reply as the engine's decision, judged against the payload it answers; never throws. */
  decide(reply: R, payload: P): ReplyDecision<D>;
  /** A reply to a payload, for the docs and test calls (tests check it against the schemas). */
  exampleReply(payload: P): R;
}

export interface RequestContext {
  /** 1-based index of the `step()` call being decided. */
  round: number;
  /** The agent's setting for this game (unparsed; `agentOptions` reads it). */
  options?: unknown;
}

/** A seat's request before the runtime adds its envelope: the payload, and the prompt rendered on demand. */
export interface SeatRequestParts<P = unknown> {
  step: number;
  payload: P;
  /** Rendering a prompt costs more than the rest of a request; only LLM and remote agents read it. */
  prompt(): SeatPrompt;
}

/** A built-in bot for one seat of one episode; it answers in the reply shape of the decision kind. */
export interface Bot {
  /** Folds a request into the bot's memory; called for every request, also when replaying a resumed episode. */
  observe?(request: SeatRequest): void;
  choose(request: SeatRequest): unknown;
}

export interface BotSpec {
  description: string;
  /** `seed` seeds the bot's own draws, so seeded episodes replay exactly. */
  create(seed: number): Bot;
}

/**
 * Folds a game's event log into a board: the game's state as the log tells it, with nothing the log does not
 * say. Every reader of a log uses it (viewer frames, per-seat streams, metrics, thumbnails), so each rule of
 * how events change the picture is written once. `apply` returns a new board and never changes its argument
 * (unchanged parts are shared), so every frame can keep its own board. It reads the god log and a seat's
 * view of it (the output of `seatView`) alike.
 */
export interface BoardReducer<B> {
  /** The board before the first event. */
  empty(): B;
  apply(board: B, event: GameEvent): B;
}

/** A stateful filter fed the log's engine events in order, whole rounds at a time: one event out per event in. */
export type SeatView = (events: readonly GameEvent[]) => GameEvent[];

/** The event that stands for one a seat may not see, so a seat's log keeps the god log's sequence numbers. */
export const HIDDEN_EVENT: GameEvent = Object.freeze({ type: "hidden" });

/** A per-agent, per-role figure shown beside the ratings, from counts summed over its episodes. */
export interface LeaderboardColumn {
  key: string;
  label: string;
  /** What it measures (a tooltip). */
  title: string;
  /** Read the counts of this role of the agent rather than the row's role (SocialGrid: crew figures). */
  role?: string;
  /** Agent pages: show it for these roles only (default: every role). */
  roles?: string[];
  format: "percent" | "percent1" | "fixed3";
  value(counts: Readonly<Record<string, number>>): number | null;
}

export interface AgentRoleCounts {
  agent: string;
  role: string;
  counts: Record<string, number>;
}

export interface LeaderboardSpec<M = unknown> {
  /**
   * The paper's league (SocialGrid): one agent holds every seat of role `crew`, another every seat of role
   * `impostor`; such episodes are rated with league Elo and head-to-head matrices. Without it: OpenSkill only.
   */
  sides?: { crew: string; impostor: string };
  /** Additive counts per agent and role from one finished episode's metrics; `columns` read their sums. */
  counts(metrics: M, seats: ReadonlyArray<{ agent: string; role: string }>): AgentRoleCounts[];
  /** The crew side's pooled non-skip votes of a league game (the head-to-head detection matrix). */
  sideDetection?(metrics: M): { correct: number; votes: number } | null;
  /** The leaderboard table's figures. */
  columns: LeaderboardColumn[];
  /** The agent page's figures per game and role. */
  stats: LeaderboardColumn[];
  /** A radar chart of figures on the agent page (SocialGrid: the failure modes). */
  radar?: { title: string; axes: Array<Pick<LeaderboardColumn, "key" | "label" | "value">> };
}

/** A number field of the league form: the config path it sets, e.g. "layout.rows". */
export interface LeagueConfigField {
  path: string;
  label: string;
  hint?: string;
}

export interface LeagueSpec {
  /** Config fields the league form offers (their defaults come from the config schema). */
  fields: LeagueConfigField[];
  /** A config field with one league config per chosen value (SocialGrid: the oracle levels). */
  variants?: { path: string; label: string; values: string[] };
}

export interface ResultSummary {
  /** The winning team's id, null for a draw or an unfinished game. */
  winner: string | null;
  /** "Crew win · all impostors ejected" */
  outcome: string;
  /** "120 steps", "3 rounds" */
  length: string;
}

/** The picture of a board for a thumbnail (the home page's live games): JSON the client module draws. */
export type Scene = Record<string, unknown>;

export interface GameModule<
  C = unknown,
  S = unknown,
  D = unknown,
  E extends GameEvent = GameEvent,
  R = unknown,
  B = unknown,
  M = unknown,
> {
  /** Stable, stored with every episode; also the folder name of the module. */
  id: string;
  title: string;
  /** One sentence: what the game is and where it comes from. */
  summary: string;
  definition: GameDefinition<C, S, D, E, unknown, unknown, R, string>;
  /** How many seats configs may have, and how many this one has. */
  players: { min: number; max: number };
  seats(config: C): number;
  roles: readonly RoleInfo[];
  teams: readonly TeamInfo[];
  /** The role dealt to a seat (stored on its participant). */
  roleOf(state: S, seat: Seat): string;
  playerName(seat: Seat): string;
  summarize(result: R): ResultSummary;
  decisions: Readonly<Record<string, DecisionKindSpec<unknown, unknown, D>>>;
  /** Per-agent settings of this game (SocialGrid: oracle level, macro replies); parsed from the agent's config. */
  agentOptions: z.ZodType;
  /** What the agent of a pending seat is asked. */
  request(state: S, pending: PendingDecision, context: RequestContext): SeatRequestParts;
  bots: Readonly<Record<string, BotSpec>>;
  board: BoardReducer<B>;
  /** What one seat may know of the log; without it the game offers no per-seat views. */
  seatView?(seat: Seat): SeatView;
  /** The board as a thumbnail picture; without it the home page shows the title. */
  scene?(board: B): Scene | null;
  /** Per-seat metrics of a finished episode from its engine events. */
  metrics?(events: readonly E[]): M;
  leaderboard?: LeaderboardSpec<M>;
  league: LeagueSpec;
  /** The config of the game the docs' example requests come from (default: the default config). */
  exampleConfig?: unknown;
}

/** A game module of any game (registries hold these). */
export type AnyGameModule = GameModule<unknown, unknown, unknown, GameEvent, unknown, unknown, unknown>;

/** The seats on the winning side: those whose role belongs to the winning team. */
export function winningSeats(module: AnyGameModule, result: unknown, roles: readonly (string | null)[]): Seat[] {
  const winner = result ? module.summarize(result).winner : null;
  if (winner === null) return [];
  const teamOf = new Map(module.roles.map((r) => [r.id, r.team]));
  return roles.flatMap((role, seat) => (role !== null && teamOf.get(role) === winner ? [seat] : []));
}

/** The private reasoning every reply may carry; stored with the episode, never shown to other players. */
export const thoughtField = z.string().optional().describe("Your private reasoning (never shown to other players)");

/** `thought` for LLM replies: first and required, so the model reasons before it commits. */
export const llmThought = () => z.string().describe("Your private reasoning");

/** Reads an agent's option for a game with its schema; an invalid or missing one gives the defaults. */
export function agentOptionsOf<T>(schema: z.ZodType<T>, options: unknown): T {
  const parsed = schema.safeParse(options ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

/** A seat view that judges each event on its own (talk games whose events say who may see them). */
export const eventwiseView =
  (redact: (event: GameEvent, seat: Seat) => GameEvent) =>
  (seat: Seat): SeatView =>
  (events) =>
    events.map((event) => redact(event, seat));

/** Folds events onto a board. */
export function foldBoard<B>(reducer: BoardReducer<B>, events: readonly GameEvent[], from: B = reducer.empty()): B {
  let board = from;
  for (const event of events) board = reducer.apply(board, event);
  return board;
}

/** Parses an agent's reply with the kind's schema, then judges it against the payload it answers. */
export function decodeReply<D>(
  spec: DecisionKindSpec<unknown, unknown, D>,
  kind: string,
  output: unknown,
  payload: unknown,
): ReplyDecision<D> {
  const parsed = spec.reply.safeParse(output);
  if (!parsed.success)
    return { ok: false, error: { kind: "schema", message: `${kind} reply: ${z.prettifyError(parsed.error)}` } };
  return spec.decide(parsed.data, payload);
}

/** The request of a pending seat, envelope included (without the prompt): what a built-in bot reads. */
export function seatRequest(
  module: AnyGameModule,
  state: unknown,
  pending: PendingDecision,
  context: RequestContext & { episodeId: string },
): { request: SeatRequest; prompt(): SeatPrompt } {
  const parts = module.request(state, pending, context);
  return {
    request: {
      episodeId: context.episodeId,
      game: module.id,
      step: parts.step,
      seat: pending.seat,
      player: module.playerName(pending.seat),
      role: module.roleOf(state, pending.seat),
      kind: pending.kind,
      payload: parts.payload,
    },
    prompt: parts.prompt,
  };
}

/**
 * A reply for a pending seat as the arena judges it: decoded against the seat's request, then checked by the
 * rules (tests and tools that drive a game with replies use it).
 */
export function judgeReply<D>(module: AnyGameModule, state: unknown, seat: Seat, reply: unknown): DecisionCheck<D> {
  const pending = module.definition.pending(state).find((p) => p.seat === seat);
  if (!pending) return { ok: false, error: `seat ${seat} is not expected to decide now` };
  const { payload } = module.request(state, pending, { round: 1 });
  const decoded = decodeReply(module.decisions[pending.kind], pending.kind, reply, payload);
  if (!decoded.ok) return { ok: false, error: decoded.error.message };
  return module.definition.validateDecision(state, seat, decoded.decision) as DecisionCheck<D>;
}
