/**
 * The Socket.IO protocol between the server and viewers (browser or Node). Shared by both sides: types and
 * zod schemas only, no server code.
 *
 * Episode stream: emit `episode:join` { episodeId, afterSeq, pov? } with an ack. The ack answers with the
 * episode; then `episode:events` batches deliver every event with seq > afterSeq, in order (missed ones
 * from the database first, then live ones), and `episode:status` when the episode ends. To resume after a
 * reconnect, join again with the last seq received. `pov` = a seat: only what that player may know.
 *
 * List channel: emit `episodes:subscribe` (ack: the live episodes); then `episodes:list` announces episodes
 * starting and ending.
 */
import { z } from "zod";
import type { LoggedEvent } from "@/lib/arena/events";
import type { EpisodeSummary } from "@/lib/arena/store";

export const episodeJoinSchema = z.object({
  episodeId: z.string().min(1).max(64),
  afterSeq: z.number().int().min(0).default(0),
  pov: z.number().int().min(0).max(255).optional(),
});
export type EpisodeJoin = z.input<typeof episodeJoinSchema>;

export const episodeLeaveSchema = z.object({ episodeId: z.string().min(1).max(64) });
export type EpisodeLeave = z.infer<typeof episodeLeaveSchema>;

export type JoinAck = { ok: true; episode: EpisodeSummary } | { ok: false; error: string };

export interface EpisodeEventsBatch {
  episodeId: string;
  /** The seat whose view this is, or null for the spectator (god) view. */
  pov: number | null;
  events: LoggedEvent[];
}

export interface EpisodeStatus {
  episodeId: string;
  status: EpisodeSummary["status"];
  /** The final number of events (the last seq). */
  eventCount: number;
}

export interface EpisodeListChange {
  change: "started" | "finished" | "failed";
  episode: EpisodeSummary;
}

export interface ServerToClientEvents {
  hello: (info: { version: string; serverTime: string }) => void;
  "episode:events": (batch: EpisodeEventsBatch) => void;
  "episode:status": (status: EpisodeStatus) => void;
  "episodes:list": (change: EpisodeListChange) => void;
}

export interface ClientToServerEvents {
  "episode:join": (join: EpisodeJoin, ack: (result: JoinAck) => void) => void;
  "episode:leave": (leave: EpisodeLeave) => void;
  "episodes:subscribe": (ack: (result: { episodes: EpisodeSummary[] }) => void) => void;
  "episodes:unsubscribe": () => void;
}

export const godRoom = (episodeId: string) => `episode:${episodeId}`;
export const povRoom = (episodeId: string, seat: number) => `episode:${episodeId}:pov:${seat}`;
export const LIST_ROOM = "episodes:list";
