/**
 * How runners tell web nodes about new events and episodes starting or ending. In one process a plain
 * in-memory fan-out; with Redis one pub/sub channel, so events produced by workers reach every web node.
 * Runners publish only after the events are committed, so anything announced is already in the database.
 */
import "server-only";
import { Redis } from "ioredis";
import type { LoggedEvent } from "./events";
import type { EpisodeSummary } from "./store";

export type LifecycleChange = "started" | "finished" | "failed";

export type BusMessage =
  | { kind: "events"; episodeId: string; game: string; events: LoggedEvent[] }
  | { kind: "lifecycle"; change: LifecycleChange; episode: EpisodeSummary };

export type BusListener = (message: BusMessage) => void;

export interface ArenaBus {
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  /** Resolves once messages published from now on reach this process's listeners. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<BusListener>();
  add(listener: BusListener) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  get size() {
    return this.set.size;
  }
  deliver(message: BusMessage, onError: (err: unknown) => void) {
    for (const listener of this.set) {
      try {
        listener(message);
      } catch (err) {
        onError(err);
      }
    }
  }
}

export function localBus(onListenerError: (err: unknown) => void = () => {}): ArenaBus {
  const listeners = new Listeners();
  return {
    publish: async (message) => listeners.deliver(message, onListenerError),
    subscribe: (listener) => listeners.add(listener),
    ready: async () => {},
    close: async () => {},
  };
}

/** A Redis pub/sub bus on channel `<prefix>:live`. Subscribes lazily: publish-only workers hold one connection. */
export function redisBus(url: string, prefix: string, onListenerError: (err: unknown) => void = () => {}): ArenaBus {
  const channel = `${prefix}:live`;
  const publisher = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${prefix}-live-pub` });
  let subscriber: Redis | undefined;
  let subscribed: Promise<void> = Promise.resolve();
  const listeners = new Listeners();
  return {
    publish: async (message) => {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(listener) {
      if (!subscriber) {
        subscriber = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${prefix}-live-sub` });
        subscriber.on("message", (_channel: string, text: string) => {
          let message: BusMessage;
          try {
            message = JSON.parse(text) as BusMessage;
          } catch (err) {
            onListenerError(err);
            return;
          }
          listeners.deliver(message, onListenerError);
        });
        subscribed = subscriber.subscribe(channel).then(() => undefined);
        subscribed.catch(onListenerError);
      }
      return listeners.add(listener);
    },
    ready: () => subscribed,
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}
