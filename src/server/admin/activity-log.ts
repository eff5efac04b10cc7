import { memberDisplayName } from '../../domain/members';
import type { AdminActionListQuery, AdminActionName, AdminActionView, LoggingAdmin } from '../../domain/admin';
import type { DbOrTx } from '../db/client';
import { recordNotice, type Outbox } from '../notices/notices';
import { actionPage, loggingAdminRows } from './activity-repository';

// The admin activity log (docs/product/administration.md#the-activity-log). Every admin action writes its row in the
// transaction of its change, through the notices (as a trade dispute's decision does), so
// the log can never say something happened that did not, nor miss what did. `details` says
// what changed from what to what ({isAdmin: {from: false, to: true}}).

export type AdminActionEntry = {
  adminId: number;
  action: AdminActionName;
  /** 'user:12', 'manufacturer:3', 'setting:trading.pendingRequestExpiryDays', 'report:5'. */
  target: string;
  details: Record<string, unknown>;
};

export function logAdminAction(tx: DbOrTx, outbox: Outbox, entry: AdminActionEntry, at: Date): Promise<void> {
  return recordNotice(tx, outbox, { at, adminAction: entry });
}

/** One page of the log, newest first, and how many entries match. */
export async function listAdminActions(
  db: DbOrTx,
  query: AdminActionListQuery,
): Promise<{ actions: AdminActionView[]; total: number }> {
  const { rows, total } = await actionPage(db, query);
  return {
    total,
    actions: rows.map(({ action: a, adminFirstName, adminLastName }) => ({
      id: a.id,
      timestamp: a.timestamp.toISOString(),
      adminId: a.adminId,
      adminName: a.adminId === null ? null : memberDisplayName(adminFirstName, adminLastName),
      action: a.action,
      target: a.target,
      details: a.details ?? null,
    })),
  };
}

/** Who the admin filter offers: administrators now, and former ones who logged actions. */
export async function loggingAdmins(db: DbOrTx): Promise<LoggingAdmin[]> {
  return (await loggingAdminRows(db)).map((r) => ({
    id: r.id,
    name: memberDisplayName(r.firstName, r.lastName),
    isAdmin: r.isAdmin,
  }));
}
