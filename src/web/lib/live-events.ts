// CONTRACT §4 live updates: one EventSource to GET /api/events per signed-in member, whose
// events update the TanStack Query cache, so the unread badge, the conversation list, an
// open thread and trade pages change without reload or polling.
//
// EventSource reconnects by itself after a dropped stream (the server sends `retry: 3000`);
// when the browser gives up (readyState CLOSED, e.g. the server answered an error while
// restarting) we open a new one after a delay that grows to a minute. Kept tiny and free of
// UI code: the router imports it, so it sits in the first page's bundle.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export const LIVE_EVENTS_URL = '/api/events';
const FIRST_RETRY_MS = 3000;
const MAX_RETRY_MS = 60_000;

function readData(event: Event): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse((event as MessageEvent<string>).data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Applies one server event to the query cache. */
export function applyLiveEvent(queryClient: QueryClient, type: string, event: Event): void {
  const data = readData(event);
  if (!data) return;
  switch (type) {
    case 'unread-count':
      if (typeof data.count === 'number') queryClient.setQueryData(queryKeys.unreadCount, { count: data.count });
      break;
    case 'message':
      void queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads });
      if (typeof data.threadId === 'number') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.threadMessages(data.threadId) });
      }
      break;
    case 'trade':
      void queryClient.invalidateQueries({ queryKey: queryKeys.trades });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      break;
    case 'notification':
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      break;
  }
}

const EVENT_TYPES = ['unread-count', 'message', 'trade', 'notification'] as const;

/**
 * Keeps the member's live-event stream open while `memberId` is set; closes it on sign-out
 * (memberId null) or unmount. Mount it once, above the routes.
 */
export function useLiveEvents(memberId: number | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (memberId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = FIRST_RETRY_MS;
    let hadError = false;
    let stopped = false;

    const open = () => {
      if (stopped) return;
      const current = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
      source = current;
      for (const type of EVENT_TYPES) {
        current.addEventListener(type, (event) => applyLiveEvent(queryClient, type, event));
      }
      current.onopen = () => {
        retryDelay = FIRST_RETRY_MS;
        // Events sent while we were away are lost: catch up on what they would have refreshed.
        if (hadError) void queryClient.invalidateQueries({ queryKey: queryKeys.messagesAll });
        hadError = false;
      };
      current.onerror = () => {
        hadError = true;
        if (current.readyState !== EventSource.CLOSED) return; // the browser is retrying itself
        current.close();
        retryTimer = setTimeout(open, retryDelay);
        retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [memberId, queryClient]);
}
