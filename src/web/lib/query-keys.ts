// Query keys shared between features. One feature may need to refresh another's data (a
// trade request refreshes the message threads, a sent message the unread count) without
// importing that feature, so the keys live here.
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  /** GET /api/members/me/profile: the member's page settings, text size among them (lib/text-size.ts). */
  memberSettings: ['members', 'me', 'profile'] as const,
  /** GET /api/puzzle-listings/{id}: one listing, whichever feature shows it (lib/get-listing.ts). */
  listing: (id: number) => ['puzzle-listings', 'detail', id] as const,
  /** Prefix of every listing page's query. */
  listingDetails: ['puzzle-listings', 'detail'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
  /** Prefix of every messaging query (threads, their messages, the unread count). */
  messagesAll: ['messages'] as const,
  /** GET /api/message-threads: the member's conversation list. */
  messageThreads: ['messages', 'threads'] as const,
  /** GET /api/message-threads/{threadId}/messages. */
  threadMessages: (threadId: number) => ['messages', 'thread-messages', threadId] as const,
  /** Prefix of every trade query (refreshed by live `trade` events). */
  trades: ['trades'] as const,
  /** Prefix of the member home's queries (stats, recent activity). */
  dashboard: ['dashboard'] as const,
  /** Prefix of the trading notification queries. */
  notifications: ['notifications'] as const,
  /** GET /api/notifications/unread-count: the top bar's notifications badge. */
  notificationsUnreadCount: ['notifications', 'unread-count'] as const,
  /** Prefix of the manufacturer choice lists (an administrator's change refreshes them). */
  manufacturers: ['manufacturers'] as const,
  /** Prefix of every forum query (docs/product/community.md; refreshed by live `community` events). */
  community: ['community'] as const,
  /** GET /api/community/posts pages, any filter. */
  communityPosts: ['community', 'posts'] as const,
  /** GET /api/community/posts/{id}. */
  communityPost: (postId: number) => ['community', 'post', postId] as const,
  /** GET /api/community/posts/{id}/replies. */
  communityReplies: (postId: number) => ['community', 'replies', postId] as const,
  /** GET /api/points/transactions: the member's PuzzlePoints history (a trade moves points). */
  pointsTransactions: ['trades', 'points-transactions'] as const,
};
