// Trading notifications (docs/product/messages.md#notifications): the in-app list behind the bell in the top bar.

import { z } from 'zod';

export const notificationViewSchema = z
  .object({
    id: z.number(),
    tradeRequestId: z.number().nullable(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    createdAt: z.string(),
    /** Where the notice leads in the app: its own link, or /trades?trade={id} for a trade's. */
    link: z.string(),
  })
  .meta({ id: 'Notification' });
export type TradingNotification = z.output<typeof notificationViewSchema>;

/** POST /api/notifications/read-all: how many were unread. */
export const markedReadSchema = z.object({ updated: z.number() });
