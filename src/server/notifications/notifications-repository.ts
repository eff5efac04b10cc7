import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tradingNotifications, type NewTradingNotification, type TradingNotification } from '../db/schema';

// Trading notifications: the in-app list behind the bell in the top bar. Every query is
// scoped to one member, so a member can only ever read or change their own.

export const NOTIFICATION_LIST_LIMIT = 100;

export async function insertNotifications(db: DbOrTx, rows: NewTradingNotification[]): Promise<TradingNotification[]> {
  if (rows.length === 0) return [];
  return db.insert(tradingNotifications).values(rows).returning();
}

export async function listNotifications(db: DbOrTx, userId: number, limit = NOTIFICATION_LIST_LIMIT) {
  return db
    .select()
    .from(tradingNotifications)
    .where(eq(tradingNotifications.userId, userId))
    .orderBy(desc(tradingNotifications.createdAt), desc(tradingNotifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tradingNotifications)
    .where(and(eq(tradingNotifications.userId, userId), eq(tradingNotifications.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Null when there is no such notification of this member's (another member's is not found either). */
export async function markNotificationRead(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<TradingNotification | null> {
  const [row] = await db
    .update(tradingNotifications)
    .set({ isRead: true })
    .where(and(eq(tradingNotifications.id, id), eq(tradingNotifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllNotificationsRead(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(tradingNotifications)
    .set({ isRead: true })
    .where(and(eq(tradingNotifications.userId, userId), eq(tradingNotifications.isRead, false)))
    .returning({ id: tradingNotifications.id });
  return rows.length;
}

export async function markEmailSent(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(tradingNotifications).set({ emailSent: true }).where(inArray(tradingNotifications.id, ids));
}
