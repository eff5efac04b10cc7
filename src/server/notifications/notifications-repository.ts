import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { oncePerDatabase } from '../db/prepared-statements';
import { tradingNotifications, type NewTradingNotification, type TradingNotification } from '../db/schema';

// Trading notifications: the in-app list behind the bell in the top bar. Every query is
// scoped to one member, so a member can only ever read or change their own.

export const NOTIFICATION_LIST_LIMIT = 100;

export type NotificationToAdd = Pick<NewTradingNotification, 'userId' | 'type' | 'title' | 'message' | 'link'> & {
  tradeRequestId: number | null | undefined;
  createdAt: Date;
};

/**
 * New notifications in one statement; their ids, in the order given. The rows travel as one
 * JSON value: a new listing's Wanted alerts can be hundreds of rows, and as separate values
 * the query builder spent more time assembling them than PostgreSQL spent writing them
 * (docs/performance.md, "Publishing with Wanted"). The ids come from the sequence in the
 * order the rows are inserted (ORDER BY n), so sorted they follow the rows.
 */
export async function insertNotifications(db: DbOrTx, rows: NotificationToAdd[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      user_id: r.userId,
      trade_request_id: r.tradeRequestId ?? null,
      type: r.type,
      title: r.title,
      message: r.message,
      link: r.link ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  );
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO trading_notifications (user_id, trade_request_id, type, title, message, link, created_at)
      SELECT (v->>'user_id')::int, (v->>'trade_request_id')::int, v->>'type', v->>'title', v->>'message',
        v->>'link', (v->>'created_at')::timestamptz
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(v, n)
      ORDER BY n
      RETURNING id`,
  );
  return inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
}

// The bell's list and its count are asked on nearly every page: each is built once a database
// and prepared (on PostgreSQL a named statement, planned once a connection), as the session
// look-up is (docs/performance.md, "Club evening").
function prepareNotificationList(db: DbOrTx) {
  return db
    .select()
    .from(tradingNotifications)
    .where(eq(tradingNotifications.userId, sql.placeholder('userId')))
    .orderBy(desc(tradingNotifications.createdAt), desc(tradingNotifications.id))
    .limit(sql.placeholder('limit'))
    .prepare('jc_list_notifications');
}
const notificationListStatement = oncePerDatabase(prepareNotificationList);

export async function listNotifications(db: DbOrTx, userId: number, limit = NOTIFICATION_LIST_LIMIT) {
  const statement = notificationListStatement(db);
  return statement.execute({ userId, limit });
}

function prepareUnreadCount(db: DbOrTx) {
  return db
    .select({ n: count() })
    .from(tradingNotifications)
    .where(and(eq(tradingNotifications.userId, sql.placeholder('userId')), eq(tradingNotifications.isRead, false)))
    .prepare('jc_count_unread_notifications');
}
const unreadCountStatement = oncePerDatabase(prepareUnreadCount);

export async function countUnreadNotifications(db: DbOrTx, userId: number): Promise<number> {
  const statement = unreadCountStatement(db);
  const [row] = await statement.execute({ userId });
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
