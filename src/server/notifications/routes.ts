import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { errorAnswers, idParam, memberOnly, requireMember } from '../http/route-helpers';
import {
  memberNotifications,
  NOTIFICATION_NOT_FOUND_MESSAGE,
  readAllNotifications,
  readNotification,
  unreadNotificationCount,
} from './notifications-service';

const idParams = z.object({ id: idParam('NOT_FOUND', NOTIFICATION_NOT_FOUND_MESSAGE) });

export async function notificationRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/notifications',
    { onRequest: memberOnly, schema: contractSchema('GET /api/notifications') },
    async (request) => memberNotifications(db, requireMember(request).id),
  );

  app.get(
    '/notifications/unread-count',
    { onRequest: memberOnly, schema: contractSchema('GET /api/notifications/unread-count') },
    async (request) => ({ count: await unreadNotificationCount(db, requireMember(request).id) }),
  );

  app.post(
    '/notifications/read-all',
    { onRequest: memberOnly, schema: contractSchema('POST /api/notifications/read-all') },
    async (request) => ({ updated: await readAllNotifications(db, requireMember(request).id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/notifications/:id/read', { params: idParams, response: errorAnswers(404) }),
    },
    async (request) => readNotification(db, requireMember(request).id, request.params.id),
  );
}
