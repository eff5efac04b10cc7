// Live updates (docs/product/messages.md#live-updates): one EventSource to GET /api/events per signed-in member, whose
// events update the TanStack Query cache, so the unread badge, the conversation list, an
// open thread, trade pages and the member's PuzzlePoints balance change without reload or
// polling.
//
// EventSource reconnects by itself after a dropped stream (the server sends `retry: 3000`);
// when the browser gives up (readyState CLOSED, e.g. the server answered an error while
// restarting) we open a new one after a delay that grows to a minute. While the tab is hidden
// the stream is closed (browsers allow about 6 connections per host, and a member with many
// tabs open would otherwise use them all up), and opened again when the tab is shown.
// Whenever a stream opens after a gap, everything the lost events would have refreshed is
// fetched again. Kept tiny and free of UI code: the router imports it, so it sits in the
// first page's bundle.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endSession } from './query-client';
import { queryKeys } from './query-keys';

// The one API address outside the route contract: a stream of events, not a JSON call.
// eslint-disable-next-line no-restricted-syntax
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
      // The other party's step may have moved the member's points (accept holds them, a
      // completion pays the owner, a cancel or refund returns them); the balance lives on
      // the current user.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      break;
    case 'notification':
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      break;
    // A forum post changed (a reply, a like, an edit): an open post and its replies, and
    // the post list, are fetched again (only those on screen actually refetch).
    case 'community':
      if (typeof data.postId === 'number') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.communityPost(data.postId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.communityReplies(data.postId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.communityPosts });
      }
      break;
    // An administrator suspended the membership: the server has ended every session, and
    // this page signs out now instead of at its next call, saying why.
    case 'session-ended':
      if (typeof data.message === 'string') {
        endSession(queryClient, { title: 'You have been signed out', description: data.message });
      }
      break;
  }
}

/**
 * After a gap in the stream (a reconnect, or the tab coming back into view) the events sent
 * meanwhile are lost: fetch again everything they would have refreshed.
 */
export function refreshAfterGap(queryClient: QueryClient): void {
  for (const queryKey of [
    queryKeys.messagesAll,
    queryKeys.trades,
    queryKeys.notifications,
    queryKeys.dashboard,
    queryKeys.currentUser,
    queryKeys.community,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

const EVENT_TYPES = ['unread-count', 'message', 'trade', 'notification', 'community', 'session-ended'] as const;

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Keeps the member's live-event stream open while `memberId` is set and the tab is visible;
 * closes it on sign-out (memberId null), unmount, or while the tab is hidden. Mount it once,
 * above the routes.
 */
export function useLiveEvents(memberId: number | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (memberId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = FIRST_RETRY_MS;
    // Set when events may have been missed; the next successful open catches up. A tab
    // opened in the background reads its data now but opens the stream only when shown.
    let missedEvents = isHidden();
    let stopped = false;

    const close = () => {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      source?.close();
      source = null;
    };

    const open = () => {
      if (stopped || source || isHidden()) return;
      const current = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
      source = current;
      for (const type of EVENT_TYPES) {
        current.addEventListener(type, (event) => applyLiveEvent(queryClient, type, event));
      }
      current.onopen = () => {
        retryDelay = FIRST_RETRY_MS;
        if (missedEvents) refreshAfterGap(queryClient);
        missedEvents = false;
      };
      current.onerror = () => {
        missedEvents = true;
        if (current.readyState !== EventSource.CLOSED) return; // the browser is retrying itself
        current.close();
        if (source === current) source = null;
        retryTimer = setTimeout(open, retryDelay);
        retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
      };
    };

    const onVisibilityChange = () => {
      if (isHidden()) {
        missedEvents = true;
        close();
      } else {
        retryDelay = FIRST_RETRY_MS;
        open();
      }
    };

    document.addEventListener('visibilitychange', onVisibilityChange);
    open();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      close();
    };
  }, [memberId, queryClient]);
}
