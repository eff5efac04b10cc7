// Live updates (CONTRACT §4): events for members' open pages. Publishers call
// `publish(userIds, event)` AFTER their transaction commits; the SSE route subscribes per
// member. On PostgreSQL events cross processes through LISTEN/NOTIFY (postgres-event-bus.ts);
// on the embedded database there is one process, so an in-process bus is enough.

import type { ClubEvent } from '../../domain/events';

export type EventListener = (event: ClubEvent) => void;

export type EventBus = {
  publish(userIds: number[], event: ClubEvent): Promise<void>;
  subscribe(userId: number, listener: EventListener): () => void;
  close(): Promise<void>;
};

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
  return {
    async publish(userIds, event) {
      for (const id of new Set(userIds)) local.deliver(id, event);
    },
    subscribe: local.subscribe,
    async close() {},
  };
}
