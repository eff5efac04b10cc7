// The member home's reads (docs/product/screens.md#member-home): Trading Activity, Recent
// Activity and Community Highlights.

import { z } from 'zod';

export const memberStatsSchema = z.object({
  /** Listings that ever reached the club (every status but draft). */
  puzzlesListed: z.number().int(),
  successfulTrades: z.number().int(),
  /** The average visible rating, to one decimal; null for none ('New Member'). */
  rating: z.number().nullable(),
});
export type MemberStats = z.output<typeof memberStatsSchema>;

export const activityItemSchema = z.object({
  type: z.string(),
  description: z.string(),
  at: z.string(),
  /** Where the member can see more of it, when there is such a page. */
  link: z.string().optional(),
});
export type ActivityItem = z.output<typeof activityItemSchema>;

export const memberContentSchema = z.object({
  communityHighlights: z.object({
    activeListings: z.number().int(),
    members: z.number().int(),
    latestPosts: z.array(
      z.object({ id: z.number().int(), title: z.string(), category: z.string(), createdAt: z.string() }),
    ),
  }),
});
export type MemberContent = z.output<typeof memberContentSchema>;
export type CommunityHighlights = MemberContent['communityHighlights'];
