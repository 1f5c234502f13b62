/**
 * Episodes as NDJSON: per episode one header line (game, ruleset, config, seed, participants, outcome),
 * then one line per event `{ seq, type, payload }`. Several episodes may follow each other in one file.
 */
import "server-only";
import { z } from "zod";
import type { GameEvent } from "@/engine/core/game";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { isDecisionsEvent, type LoggedEvent } from "./events";
import { type GameRegistry, gameIn } from "@/lib/games/registry";
import { canonicalJson } from "./json";
import { EpisodeSession, ReplayMismatchError } from "./session";
import { readEvents } from "./store";

export const EXPORT_FORMAT = "social-arena-episode/1";

export const exportHeaderSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  episodeId: z.string().min(1),
  game: z.string().min(1),
  rulesetVersion: z.string(),
  config: z.unknown(),
  seed: z.number().int(),
  status: z.enum(["queued", "running", "finished", "failed"]),
  failureReason: z.string().nullable(),
  result: z.unknown(),
  metrics: z.unknown(),
  demo: z.boolean(),
  eventCount: z.number().int().min(0),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  participants: z.array(
    z.object({
      seat: z.number().int().min(0),
      role: z.string().nullable(),
      agentId: z.string(),
      agentName: z.string(),
      agentKind: z.enum(["builtin", "llm", "remote"]),
    }),
  ),
});
export type ExportHeader = z.infer<typeof exportHeaderSchema>;

const eventLineSchema = z.object({
  seq: z.number().int().min(1),
  type: z.string().min(1),
  payload: z.looseObject({ type: z.string() }),
});

export interface ExportedEpisode {
  header: ExportHeader;
  events: LoggedEvent[];
}

/** The NDJSON lines of one stored episode (without newlines), events read page by page. */
export async function* exportEpisode(
  prisma: PrismaClient,
  episodeId: string,
  pageSize = 2_000,
): AsyncGenerator<string> {
  const episode = await prisma.episode.findUnique({
    where: { id: episodeId },
    include: { participants: { include: { agent: true }, orderBy: { seat: "asc" } } },
  });
  if (!episode) throw new Error(`no episode ${episodeId}`);
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    episodeId: episode.id,
    game: episode.game,
    rulesetVersion: episode.rulesetVersion,
    config: episode.config,
    seed: episode.seed,
    status: episode.status,
    failureReason: episode.failureReason,
    result: episode.result,
    metrics: episode.metrics,
    demo: episode.demo,
    eventCount: episode.eventCount,
    createdAt: episode.createdAt.toISOString(),
    startedAt: episode.startedAt?.toISOString() ?? null,
    finishedAt: episode.finishedAt?.toISOString() ?? null,
    participants: episode.participants.map((p) => ({
      seat: p.seat,
      role: p.role,
      agentId: p.agentId,
      agentName: p.agent.name,
      agentKind: p.agent.kind,
    })),
  };
  yield JSON.stringify(header);
  for (let after = 0; ; ) {
    const page = await readEvents(prisma, episodeId, after, pageSize);
    for (const e of page) yield JSON.stringify({ seq: e.seq, type: e.type, payload: e.payload });
    if (page.length < pageSize) return;
    after = page.at(-1)!.seq;
  }
}

/** Reads exported episodes from NDJSON lines; throws with the line number on anything malformed. */
export async function* parseExport(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ExportedEpisode> {
  let current: ExportedEpisode | null = null;
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    const line = raw.trim();
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`line ${n}: not JSON`);
    }
    if (typeof value === "object" && value !== null && "format" in value) {
      if (current) yield current;
      const header = exportHeaderSchema.safeParse(value);
      if (!header.success) throw new Error(`line ${n}: bad episode header: ${z.prettifyError(header.error)}`);
      current = { header: header.data, events: [] };
      continue;
    }
    if (!current) throw new Error(`line ${n}: an event before any episode header`);
    const event = eventLineSchema.safeParse(value);
    if (!event.success) throw new Error(`line ${n}: bad event: ${z.prettifyError(event.error)}`);
    current.events.push({ seq: event.data.seq, type: event.data.type, payload: event.data.payload as GameEvent });
  }
  if (current) yield current;
}

export type Verification =
  | { ok: true; episodeId: string; events: number; rounds: number }
  | { ok: false; episodeId: string; problem: string };

/**
 * Replays an exported episode's recorded decisions through this build's engine and checks that every
 * engine event, the sequence numbers and (for finished episodes) the result match the export.
 */
export function verifyEpisode(games: GameRegistry, episode: ExportedEpisode): Verification {
  const { header, events } = episode;
  const fail = (problem: string): Verification => ({ ok: false, episodeId: header.episodeId, problem });
  const game = gameIn(games, header.game);
  if (!game) return fail(`unknown game ${header.game}`);
  if (game.definition.rulesetVersion !== header.rulesetVersion) {
    return fail(
      `recorded with ${header.game} ruleset ${header.rulesetVersion}; this build has ${game.definition.rulesetVersion}`,
    );
  }
  const gap = events.findIndex((e, i) => e.seq !== i + 1);
  if (gap !== -1) return fail(`event ${gap + 1} has seq ${events[gap].seq}`);
  if (events.length !== header.eventCount)
    return fail(`header counts ${header.eventCount} events, the file has ${events.length}`);
  const log = events.map((e) => e.payload);
  let session: EpisodeSession;
  try {
    session = EpisodeSession.resume(game, header.config, header.seed, log);
  } catch (err) {
    if (err instanceof ReplayMismatchError) return fail(err.message);
    return fail(`replay failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (header.status === "finished") {
    if (!session.terminal) return fail("the episode is marked finished but the replay has not ended");
    if (canonicalJson(session.result()) !== canonicalJson(header.result))
      return fail("the replayed result differs from the recorded one");
  }
  return { ok: true, episodeId: header.episodeId, events: events.length, rounds: log.filter(isDecisionsEvent).length };
}

/**
 * Stores an exported episode under its original id (skipped when that id exists, so importing twice is
 * harmless). Agents are matched by name; unknown ones are created paused, without any settings.
 */
export async function importEpisode(prisma: PrismaClient, episode: ExportedEpisode): Promise<"imported" | "exists"> {
  const { header, events } = episode;
  if (await prisma.episode.findUnique({ where: { id: header.episodeId }, select: { id: true } })) return "exists";
  const agentIds = new Map<number, string>();
  for (const p of header.participants) {
    const agent = await prisma.agent.upsert({
      where: { name: p.agentName },
      create: {
        name: p.agentName,
        kind: p.agentKind,
        config: {},
        games: [header.game],
        status: "paused",
        description: "Imported",
      },
      update: {},
      select: { id: true },
    });
    agentIds.set(p.seat, agent.id);
  }
  const json = (v: unknown) => (v ?? undefined) as Prisma.InputJsonValue | undefined;
  await prisma.$transaction(async (tx) => {
    await tx.episode.create({
      data: {
        id: header.episodeId,
        game: header.game,
        rulesetVersion: header.rulesetVersion,
        config: header.config as Prisma.InputJsonValue,
        seed: header.seed,
        // An unfinished episode is imported as failed: nothing here would run it.
        status: header.status === "finished" ? "finished" : "failed",
        failureReason:
          header.status === "finished" ? null : (header.failureReason ?? `imported while ${header.status}`),
        result: json(header.result),
        metrics: json(header.metrics),
        demo: header.demo,
        eventCount: events.length,
        createdAt: new Date(header.createdAt),
        startedAt: header.startedAt ? new Date(header.startedAt) : null,
        finishedAt: header.finishedAt ? new Date(header.finishedAt) : new Date(),
        participants: {
          create: header.participants.map((p) => ({ seat: p.seat, role: p.role, agentId: agentIds.get(p.seat)! })),
        },
      },
    });
    for (let i = 0; i < events.length; i += 1_000) {
      await tx.episodeEvent.createMany({
        data: events.slice(i, i + 1_000).map((e) => ({
          episodeId: header.episodeId,
          seq: e.seq,
          type: e.type,
          payload: e.payload as unknown as Prisma.InputJsonValue,
        })),
      });
    }
  });
  return "imported";
}
