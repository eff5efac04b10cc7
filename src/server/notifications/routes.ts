import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import type { TradingNotification } from '../db/schema';
import { memberOnly } from '../trades/route-helpers';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications-repository';

// CONTRACT §4: GET /notifications (newest first, with unread state), mark one or all read.
// A member only ever sees or changes their own; another member's notification is not found.

export const notificationSchema = z.object({
  id: z.number(),
  tradeRequestId: z.number().nullable(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** Where the notice leads in the app. */
  link: z.string(),
});

const NOT_FOUND_MESSAGE = 'Notification not found';
const idParams = z.object({ id: z.string() });

function toDto(n: TradingNotification) {
  return {
    id: n.id,
    tradeRequestId: n.tradeRequestId,
    type: n.type,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    link: n.tradeRequestId === null ? '/trades' : `/trades?trade=${n.tradeRequestId}`,
  };
}

export async function notificationRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/notifications',
    { onRequest: memberOnly, schema: { response: { 200: z.array(notificationSchema) } } },
    async (request) => (await listNotifications(db, requireMember(request).id)).map(toDto),
  );

  app.get(
    '/notifications/unread-count',
    { onRequest: memberOnly, schema: { response: { 200: z.object({ count: z.number() }) } } },
    async (request) => ({ count: await countUnreadNotifications(db, requireMember(request).id) }),
  );

  app.post(
    '/notifications/read-all',
    { onRequest: memberOnly, schema: { response: { 200: z.object({ updated: z.number() }) } } },
    async (request) => ({ updated: await markAllNotificationsRead(db, requireMember(request).id) }),
  );

  app.post(
    '/notifications/:id/read',
    { onRequest: memberOnly, schema: { params: idParams, response: { 200: notificationSchema } } },
    async (request) => {
      const member = requireMember(request);
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      const row = Number.isSafeInteger(id) ? await markNotificationRead(db, member.id, id) : null;
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      return toDto(row);
    },
  );
}
