// GET /api/members/{id}: a member's page (docs/product/members.md#member-pages). Its own file because it is made of
// other features' answers (listings, feedback) and trades.ts already imports members.ts: here
// nothing imports back.

import { z } from 'zod';
import { achievementViewSchema } from './achievements';
import { listingViewSchema } from './listings';
import { memberCardSchema } from './members';
import { feedbackViewSchema } from './trades';
import { tradingRecordSchema } from './trust';

/** The card's facts, and what the member tells and has done. */
export const memberPageSchema = memberCardSchema
  .extend({
    aboutMe: z.string().nullable(),
    /** A private page: only its owner and administrators are ever shown one (others get 404). */
    isPrivate: z.boolean(),
    achievements: z.array(achievementViewSchema),
    /** Their puzzles on offer now, newest first, as browse shows them. */
    activeListings: z.array(listingViewSchema),
    /** Feedback other members left them, once visible, with their response; newest first. */
    feedback: z.array(feedbackViewSchema),
    /** While they are away: when they are back (docs/product/trust.md#away); null otherwise. */
    awayUntil: z.string().nullable(),
    /** Their trading record (docs/product/trust.md#the-trading-record), shown in words. */
    record: tradingRecordSchema,
  })
  .meta({ id: 'MemberPage' });
export type MemberPage = z.output<typeof memberPageSchema>;
