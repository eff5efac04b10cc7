import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AdminActionListQuery } from '../../domain/admin';
import type { DbOrTx } from '../db/client';
import { adminActions, users } from '../db/schema';

// admin_actions as SQL: the activity tab's page, newest first, with its filters. Each filter
// has an index of migration 0012 (admin and time, action and time; time alone).

export async function actionPage(db: DbOrTx, query: AdminActionListQuery) {
  const where = and(
    query.adminId === undefined ? undefined : eq(adminActions.adminId, query.adminId),
    query.action === undefined ? undefined : eq(adminActions.action, query.action),
    query.from === undefined ? undefined : gte(adminActions.timestamp, new Date(query.from)),
    query.to === undefined ? undefined : lt(adminActions.timestamp, new Date(query.to)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        action: adminActions,
        adminFirstName: users.firstName,
        adminLastName: users.lastName,
      })
      .from(adminActions)
      .leftJoin(users, eq(users.id, adminActions.adminId))
      .where(where)
      .orderBy(desc(adminActions.timestamp), desc(adminActions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminActions)
      .where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * The activity tab's admin filter: today's administrators and everyone who has logged an
 * action, so an administrator who has since lost the status can still be chosen. The EXISTS
 * reads admin_actions_admin_id_timestamp_idx; the administrators users_is_admin_idx.
 */
export function loggingAdminRows(db: DbOrTx) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, isAdmin: users.isAdmin })
    .from(users)
    .where(sql`${users.isAdmin} OR EXISTS (SELECT 1 FROM ${adminActions} WHERE ${adminActions.adminId} = ${users.id})`)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id);
}
