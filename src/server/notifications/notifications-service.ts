import { AppError } from '../../domain/errors';
import type { TradingNotification } from '../../domain/notifications';
import type { DbOrTx } from '../db/client';
import type { TradingNotification as NotificationRow } from '../db/schema';
import {
  countUnreadNotifications,
  insertNotifications,
  type NotificationToAdd,
  listNotifications,
  markAllNotificationsRead,
  markEmailSent,
  markNotificationRead,
} from './notifications-repository';

// docs/product/messages.md#notifications: a member's trading notifications, newest first, with unread state; mark one or
// all read. A member only ever sees or changes their own; another member's is not found.

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

function toNotification(n: NotificationRow): TradingNotification {
  return {
    id: n.id,
    tradeRequestId: n.tradeRequestId,
    type: n.type,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    link: n.link ?? (n.tradeRequestId === null ? '/trades' : `/trades?trade=${n.tradeRequestId}`),
  };
}

export async function memberNotifications(db: DbOrTx, memberId: number): Promise<TradingNotification[]> {
  return (await listNotifications(db, memberId)).map(toNotification);
}

export function unreadNotificationCount(db: DbOrTx, memberId: number): Promise<number> {
  return countUnreadNotifications(db, memberId);
}

export async function readNotification(db: DbOrTx, memberId: number, id: number): Promise<TradingNotification> {
  const row = await markNotificationRead(db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND_MESSAGE);
  return toNotification(row);
}

/** How many were unread. */
export function readAllNotifications(db: DbOrTx, memberId: number): Promise<number> {
  return markAllNotificationsRead(db, memberId);
}

// For src/server/notices/, the one way notifications are written:

/** New notifications, in the caller's transaction; their ids in the order given. */
export function addNotifications(db: DbOrTx, rows: NotificationToAdd[]): Promise<number[]> {
  return insertNotifications(db, rows);
}

/** These notifications went out by e-mail too. */
export function markNotificationsEmailed(db: DbOrTx, ids: number[]): Promise<void> {
  return markEmailSent(db, ids);
}
