// Live updates (docs/product/messages.md#live-updates): events for members' open pages. Publishers call
// `publish(userIds, event)` AFTER their transaction commits; the SSE route subscribes per
// member. On PostgreSQL events cross processes through LISTEN/NOTIFY (postgres-event-bus.ts);
// on the embedded database there is one process, so an in-process bus is enough.

import type { ClubEvent } from '../../domain/events';

export type EventListener = (event: ClubEvent) => void;

/**
 * What app processes tell each other (not members): something they remember changed. Only
 * the topic travels; each process knows what to forget.
 */
export type ProcessTopic = 'browse-cards';

export type EventBus = {
  publish(userIds: number[], event: ClubEvent): Promise<void>;
  subscribe(userId: number, listener: EventListener): () => void;
  /** Tells every app process on the database (this one too) that `topic` changed. */
  announce(topic: ProcessTopic): Promise<void>;
  /** Hears `topic` announced by any process. */
  onAnnounce(topic: ProcessTopic, listener: () => void): () => void;
  close(): Promise<void>;
};

/** Announcement listeners of this process, by topic. */
export function createAnnouncements() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    deliver(topic: string) {
      for (const listener of listeners.get(topic) ?? []) listener();
    },
    /** Every topic at once: after a dropped connection, whatever was announced meanwhile was missed. */
    deliverAll() {
      for (const set of listeners.values()) for (const listener of set) listener();
    },
    onAnnounce(topic: ProcessTopic, listener: () => void) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}
/**
 * Publish to this id to reach every signed-in member's open pages (a forum post changed).
 * No member has id 0 (ids start at 1), and one id keeps the NOTIFY payload small.
 */
export const EVERY_MEMBER = 0;

/** Delivers to this process's subscribers. */
export function createLocalDelivery() {
  const listeners = new Map<number, Set<EventListener>>();
  return {
    deliver(userId: number, event: ClubEvent) {
      if (userId === EVERY_MEMBER) {
        for (const set of listeners.values()) for (const listener of set) listener(event);
        return;
      }
      for (const listener of listeners.get(userId) ?? []) listener(event);
    },
    subscribe(userId: number, listener: EventListener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}

export function createInProcessEventBus(): EventBus {
  const local = createLocalDelivery();
  const announcements = createAnnouncements();
  return {
    async publish(userIds, event) {
      for (const id of new Set(userIds)) local.deliver(id, event);
    },
    subscribe: local.subscribe,
    async announce(topic) {
      announcements.deliver(topic);
    },
    onAnnounce: announcements.onAnnounce,
    async close() {},
  };
}
