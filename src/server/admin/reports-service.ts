import {
  change,
  REPORT_ACTION_STATUS,
  type Report,
  type ReportListQuery,
  type ResolveReportBody,
} from '../../domain/admin';
import type { ReportReason, ReportStatus } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { memberDisplayName } from '../../domain/members';
import type { DbOrTx } from '../db/client';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import { tellAuthor } from '../notices/moderation-notice';
import { logAdminAction } from './activity-log';
import { kindOf, REPORT_KIND_ENTRIES, type ReportKindEntry } from './report-kinds';
import type { ReportedForumWriting } from '../community/community-moderation-service';
import type { ReportedWriting } from '../feedback/feedback-service';
import {
  closeReports,
  countPendingReports,
  lockPendingReports,
  lockReport,
  reportPage,
  reportsMatching,
  reportWithNames,
  type ReportWithNames,
} from './reports-repository';

// The reports tab (docs/product/administration.md#reports): every kind of report in one list, and an administrator's
// decision on one. A decision settles every pending report of the same item at once (three
// members flagging one post is one decision), hides or shows the item through the room
// that owns it, and is logged in the same transaction.

export const REPORT_NOT_FOUND_MESSAGE = 'Report not found';
/** At most this many reports on a member's admin page. */
const MEMBER_REPORTS_LIMIT = 100;

export { countPendingReports };

const person = (id: number, first: string | null, last: string | null) => ({
  id,
  name: memberDisplayName(first, last),
});

/** Report rows as the admin panel shows them: each kind's items read once for all the rows. */
async function toReportViews(db: DbOrTx, rows: ReportWithNames[]): Promise<Report[]> {
  const kinds = rows.map((row) => kindOf(row.report));
  const items = new Map<ReportKindEntry, Map<number, ReportedWriting | ReportedForumWriting>>();
  for (const entry of REPORT_KIND_ENTRIES) {
    const ids = kinds.filter((k) => k.entry === entry).map((k) => k.itemId);
    if (ids.length > 0) items.set(entry, await entry.read(db, [...new Set(ids)]));
  }
  return rows.map((row, i) => {
    const { entry, itemId } = kinds[i]!;
    const r = row.report;
    const item = items.get(entry)?.get(itemId);
    return {
      id: r.id,
      kind: entry.kind,
      itemId,
      reportedBy: person(r.reportedByUserId, row.reporterFirstName, row.reporterLastName),
      reason: r.reportReason as ReportReason,
      details: r.reportDetails,
      item: {
        text: item?.text ?? null,
        author: item?.author ? person(item.author.id, item.author.firstName, item.author.lastName) : null,
        hidden: item?.hidden ?? null,
        url: item?.notice.link.path ?? null,
      },
      status: r.status as ReportStatus,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolvedBy: r.adminUserId === null ? null : person(r.adminUserId, row.resolverFirstName, row.resolverLastName),
      adminNotes: r.adminNotes,
    };
  });
}

export async function listReports(db: DbOrTx, query: ReportListQuery): Promise<{ reports: Report[]; total: number }> {
  const { rows, total } = await reportPage(db, query);
  return { reports: await toReportViews(db, rows), total };
}

/** Reports about what a member wrote, newest first. */
export async function reportsAbout(db: DbOrTx, memberId: number): Promise<Report[]> {
  const conditions = await Promise.all(
    REPORT_KIND_ENTRIES.map(async (entry) => {
      const ids = await entry.writtenBy(db, memberId);
      return ids.length > 0 ? entry.match(ids) : undefined;
    }),
  );
  return toReportViews(db, await reportsMatching(db, conditions, MEMBER_REPORTS_LIMIT));
}

/**
 * An administrator's decision on a report, pending or already decided (a decision can be
 * changed: decision 0027). 'hide' hides the item; 'restore' and 'dismiss' show it again if it
 * was hidden (a dismissal does not leave an item hidden by members' flags stuck out of view).
 * The report and every pending report of the same item take the decision's status. When the
 * item is hidden or shown, its author is told, with the note. Nothing to change logs nothing.
 */
export async function resolveReport(
  deps: NoticeDeps,
  adminId: number,
  reportId: number,
  body: ResolveReportBody,
  now: Date = new Date(),
): Promise<Report> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
    const { entry, itemId } = kindOf(report);
    const pendingOthers = (await lockPendingReports(tx, entry.match([itemId]))).filter((r) => r.id !== reportId);
    const status = REPORT_ACTION_STATUS[body.action];
    const item = (await entry.read(tx, [itemId])).get(itemId);
    const hide = body.action === 'hide';
    const itemChanges = item !== undefined && item.hidden !== hide;
    if (!itemChanges && report.status === status && pendingOthers.length === 0 && body.notes === undefined) return;
    if (itemChanges) await entry.setHidden(tx, itemId, hide, now);
    const settled = [report, ...pendingOthers].map((r) => r.id);
    await closeReports(tx, settled, { status, adminId, notes: body.notes ?? null, at: now });
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'resolve_report',
        target: `report:${reportId}`,
        details: {
          kind: entry.kind,
          itemId,
          decision: body.action,
          status: change(report.status, status),
          ...(itemChanges ? { item: change(hide ? 'shown' : 'hidden', hide ? 'hidden' : 'shown') } : {}),
          reports: settled,
          notes: body.notes ?? null,
        },
      },
      now,
    );
    if (itemChanges) {
      await tellAuthor(tx, outbox, item.notice, {
        what: hide ? 'hidden' : 'restored',
        note: body.notes ?? null,
        adminId,
        at: now,
      });
    }
  });
  const [view] = await toReportViews(deps.db, [(await reportWithNames(deps.db, reportId))!]);
  return view!;
}
