// GET /api/events (docs/product/messages.md#live-updates): what a member's open pages are told, as server-sent events
// (`event: <type>`, `data: <JSON>`). Each says what changed; the page fetches what it shows.

import { z } from 'zod';

export const clubEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('unread-count'), data: z.object({ count: z.number() }) }),
  z.object({ type: z.literal('message'), data: z.object({ threadId: z.number() }) }),
  z.object({ type: z.literal('trade'), data: z.object({ tradeRequestId: z.number(), status: z.string() }) }),
  z.object({ type: z.literal('notification'), data: z.object({ id: z.number() }) }),
  // A forum post changed (new reply, like, edit, removal): docs/product/community.md#live, src/domain/community.ts.
  z.object({ type: z.literal('community'), data: z.object({ postId: z.number() }) }),
  // The member's sessions have ended (an administrator suspended the membership): the page
  // signs out at once and says why.
  z.object({ type: z.literal('session-ended'), data: z.object({ message: z.string() }) }),
]);
export type ClubEvent = z.output<typeof clubEventSchema>;
