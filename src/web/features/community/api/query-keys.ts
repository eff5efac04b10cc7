// The forum's query keys: the live-event handler (lib/live-events.ts) refreshes the same ones.
import { queryKeys } from '../../../lib/query-keys';

export type PostFilters = { category: string | undefined; q: string | undefined };

export const communityKeys = {
  all: queryKeys.community,
  posts: (filters: PostFilters) => [...queryKeys.communityPosts, filters] as const,
  post: queryKeys.communityPost,
  replies: queryKeys.communityReplies,
  activities: ['community', 'activities'] as const,
};
