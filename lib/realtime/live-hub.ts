import "server-only";
import type { Socket } from "socket.io";
import type { ArenaBus, BusMessage } from "@/lib/arena/bus";
import type { LoggedEvent } from "@/lib/arena/events";
import { type GameRegistry, gameIn } from "@/lib/games/registry";
import type { Logger } from "@/lib/arena/log";
import type { ArenaMetrics } from "@/lib/arena/metrics";
import { seatLogView, type LogView } from "@/lib/arena/redact";
import { episodeSummary, liveEpisodes, readEvents } from "@/lib/arena/store";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  episodeJoinSchema,
  episodeLeaveSchema,
  godRoom,
  LIST_ROOM,
  povRoom,
  type ClientToServerEvents,
  type EpisodeStatus,
  type JoinAck,
  type ServerToClientEvents,
} from "./protocol";
import type { RealtimeServer } from "./server";

type ViewerSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** A viewer catching up: live events that arrive meanwhile wait here until the backlog is sent. */
interface Joiner {
  socket: ViewerSocket;
  buffer: LoggedEvent[];
  statuses: EpisodeStatus[];
  cancelled: boolean;
}

export interface LiveHubOptions {
  prisma: PrismaClient;
  games: GameRegistry;
  bus: ArenaBus;
  logger: Logger;
  metrics?: ArenaMetrics;
  /** Events per backlog batch read from the database. */
  pageSize?: number;
}

/**
 * Streams episodes to viewers. Every web node subscribes to the bus and broadcasts to its own sockets (one
 * room per episode and view). A joining viewer is registered for live events *before* its backlog is read,
 * so each event reaches it exactly once and in order: from the database, or from the buffer, or live after
 * it entered the room — which happens synchronously once buffer and backlog are sent.
 */
export class LiveHub {
  private readonly joiners = new Map<string, Set<Joiner>>();
  /** Rooms of each socket's current episode views, to count viewers and leave on re-join. */
  private readonly views = new Map<string, Map<string, string>>();
  /** Per episode and seat, the view of the per-seat room: stateful, it has seen every event broadcast to the room. */
  private readonly seatViews = new Map<string, Map<number, LogView>>();
  private unsubscribe?: () => void;

  constructor(
    private readonly io: RealtimeServer,
    private readonly options: LiveHubOptions,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = this.options.bus.subscribe((message) => this.onBusMessage(message));
    await this.options.bus.ready();
    this.io.on("connection", (socket) => this.onConnection(socket));
  }

  stop() {
    this.unsubscribe?.();
  }

  viewerCount(): number {
    let n = 0;
    for (const rooms of this.views.values()) n += rooms.size;
    return n;
  }

  private onConnection(socket: ViewerSocket) {
    socket.on("episode:join", (payload, ack) => {
      const reply = typeof ack === "function" ? ack : () => {};
      void this.join(socket, payload, reply).catch((err: unknown) => {
        this.options.logger.warn({ err }, "episode join failed");
        reply({ ok: false, error: "the episode could not be loaded" });
      });
    });
    socket.on("episode:leave", (payload) => {
      const parsed = episodeLeaveSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.episodeId);
    });
    socket.on("episodes:subscribe", (ack) => {
      void socket.join(LIST_ROOM);
      if (typeof ack !== "function") return;
      liveEpisodes(this.options.prisma).then(
        (episodes) => ack({ episodes }),
        () => ack({ episodes: [] }),
      );
    });
    socket.on("episodes:unsubscribe", () => void socket.leave(LIST_ROOM));
    socket.on("disconnect", () => {
      for (const set of this.joiners.values()) for (const j of set) if (j.socket === socket) j.cancelled = true;
      this.views.delete(socket.id);
      this.dropUnwatchedSeatViews();
      this.updateViewerMetric();
    });
  }

  private async join(socket: ViewerSocket, payload: unknown, ack: (result: JoinAck) => void) {
    const parsed = episodeJoinSchema.safeParse(payload);
    if (!parsed.success)
      return ack({ ok: false, error: "expected { episodeId: string, afterSeq: integer ≥ 0, pov?: seat }" });
    const { episodeId, afterSeq, pov } = parsed.data;
    this.leave(socket, episodeId);

    const joiner: Joiner = { socket, buffer: [], statuses: [], cancelled: false };
    const set = this.joiners.get(episodeId) ?? new Set<Joiner>();
    this.joiners.set(episodeId, set);
    set.add(joiner);
    try {
      const episode = await episodeSummary(this.options.prisma, episodeId);
      if (!episode) return ack({ ok: false, error: "no such episode" });
      let seatView: LogView | null = null;
      if (pov !== undefined) {
        const game = gameIn(this.options.games, episode.game);
        seatView = game ? seatLogView(game, pov) : null;
        if (!seatView) return ack({ ok: false, error: `per-player views are not available for ${episode.game}` });
        if (pov >= episode.participants.length) return ack({ ok: false, error: `seat ${pov} does not exist` });
      }
      // A player's view does not reveal the others' roles.
      const visible =
        pov === undefined
          ? episode
          : { ...episode, participants: episode.participants.map((p) => (p.seat === pov ? p : { ...p, role: null })) };
      ack({ ok: true, episode: visible });

      // A seat view is stateful: it reads the log from the start, and is sent what the viewer lacks.
      const view = seatView
        ? (events: LoggedEvent[]) => seatView(events).filter((e) => e.seq > afterSeq)
        : (events: LoggedEvent[]) => events;
      const backlog: LoggedEvent[] = [];
      const send = (events: LoggedEvent[]) => {
        // A seat view takes whole rounds: the stored log ends between rounds, a page may not.
        if (seatView) backlog.push(...events);
        else if (events.length > 0) socket.emit("episode:events", { episodeId, pov: null, events });
      };
      const flush = (events: LoggedEvent[]) => {
        const shown = view(events);
        if (shown.length > 0) socket.emit("episode:events", { episodeId, pov: pov ?? null, events: shown });
      };

      let last = seatView ? 0 : afterSeq;
      const pageSize = this.options.pageSize ?? 500;
      for (let holeRetries = 0; ; ) {
        const page = await readEvents(this.options.prisma, episodeId, last, pageSize);
        if (joiner.cancelled) return;
        send(page);
        last = page.at(-1)?.seq ?? last;
        if (page.length === pageSize) continue;
        // Anything newer is in the buffer, unless a live message was lost (a Redis reconnect): read again.
        const next = joiner.buffer.find((e) => e.seq > last);
        if (next === undefined || next.seq === last + 1 || ++holeRetries > 3) break;
      }
      // From here to `join` nothing awaits: no live event can slip between the buffer and the room.
      if (seatView) flush(backlog);
      flush(joiner.buffer.filter((e) => e.seq > last));
      for (const status of joiner.statuses) socket.emit("episode:status", status);
      const room = pov === undefined ? godRoom(episodeId) : povRoom(episodeId, pov);
      // Every view of a room has seen the same events, so the newest joiner's may serve the room.
      if (seatView) {
        const views = this.seatViews.get(episodeId) ?? new Map<number, LogView>();
        this.seatViews.set(episodeId, views.set(pov!, seatView));
      }
      void socket.join(room);
      const rooms = this.views.get(socket.id) ?? new Map<string, string>();
      this.views.set(socket.id, rooms);
      rooms.set(episodeId, room);
      this.updateViewerMetric();
    } finally {
      set.delete(joiner);
      if (set.size === 0 && this.joiners.get(episodeId) === set) this.joiners.delete(episodeId);
    }
  }

  private leave(socket: ViewerSocket, episodeId: string) {
    for (const j of this.joiners.get(episodeId) ?? []) if (j.socket === socket) j.cancelled = true;
    const rooms = this.views.get(socket.id);
    const room = rooms?.get(episodeId);
    if (room) {
      void socket.leave(room);
      rooms!.delete(episodeId);
      this.dropUnwatchedSeatViews();
      this.updateViewerMetric();
    }
  }

  private onBusMessage(message: BusMessage) {
    this.options.metrics?.observe(message);
    if (message.kind === "events") {
      const { episodeId, events } = message;
      for (const j of this.joiners.get(episodeId) ?? []) j.buffer.push(...events);
      this.broadcast(episodeId, events);
      return;
    }
    const { change, episode } = message;
    this.io.to(LIST_ROOM).emit("episodes:list", { change, episode });
    if (change === "started") return;
    const status: EpisodeStatus = { episodeId: episode.id, status: episode.status, eventCount: episode.eventCount };
    for (const j of this.joiners.get(episode.id) ?? []) j.statuses.push(status);
    for (const room of this.roomsOf(episode.id)) this.io.to(room).emit("episode:status", status);
  }

  private broadcast(episodeId: string, events: LoggedEvent[]) {
    const rooms = this.io.of("/").adapter.rooms;
    const god = godRoom(episodeId);
    if (rooms.get(god)?.size) this.io.to(god).emit("episode:events", { episodeId, pov: null, events });
    for (const [seat, view] of this.seatViews.get(episodeId) ?? []) {
      this.io.to(povRoom(episodeId, seat)).emit("episode:events", { episodeId, pov: seat, events: view(events) });
    }
  }

  private dropUnwatchedSeatViews() {
    const rooms = this.io.of("/").adapter.rooms;
    for (const [episodeId, views] of this.seatViews) {
      for (const seat of views.keys()) if (!rooms.get(povRoom(episodeId, seat))?.size) views.delete(seat);
      if (views.size === 0) this.seatViews.delete(episodeId);
    }
  }

  /** The god room and every per-seat room of an episode that exists on this node. */
  private roomsOf(episodeId: string): string[] {
    const prefix = godRoom(episodeId);
    return [...this.io.of("/").adapter.rooms.keys()].filter(
      (room) => room === prefix || room.startsWith(`${prefix}:pov:`),
    );
  }

  private updateViewerMetric() {
    this.options.metrics?.setViewers(this.viewerCount());
  }
}
