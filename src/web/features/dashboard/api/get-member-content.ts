import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CommunityHighlights {
  activeListings: number;
  members: number;
  latestPosts: Array<{ id: number; title: string; category: string; createdAt: string }>;
}

/** GET /api/member-content: the live figures for the Community Highlights card. */
export function getMemberContent(): Promise<{ communityHighlights: CommunityHighlights }> {
  return api.get<{ communityHighlights: CommunityHighlights }>('/api/member-content');
}

export const memberContentQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'member-content'], queryFn: getMemberContent });

export function useMemberContent() {
  return useQuery(memberContentQueryOptions());
}
