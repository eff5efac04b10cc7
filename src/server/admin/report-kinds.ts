import type { ReportKind } from '../../domain/admin';
import type { DbOrTx } from '../db/client';
import type { FeedbackReport } from '../db/schema';
import {
  reportedFeedback,
  reportedResponses,
  setFeedbackHidden,
  setResponseHidden,
  writingsOf,
  type ReportedWriting,
} from '../feedback/feedback-service';
import {
  forumWritingOf,
  reportedForumWriting,
  setForumItemHidden,
  type ReportedForumWriting,
} from '../community/community-moderation-service';
import { reportColumns } from './reports-repository';

// What members can report, one row type each (docs/product/administration.md#reports: a new kind of report is one more
// row type). Each kind knows which report rows are about it, how to read what was reported
// (for a whole page at once), how to hide or show it through the room that owns it, and what a
// member wrote of it. The reports service works on any kind alike.

export type ReportKindEntry = {
  kind: ReportKind;
  /** The reported item's id when a report row is about this kind, else null. */
  itemOf(report: FeedbackReport): number | null;
  /** Which report rows are about these items. */
  match(ids: number[]): ReturnType<(typeof reportColumns)[ReportKind]>;
  /** The items by id: their words, author (null once they have left) and whether they are hidden (one query for many). */
  read(db: DbOrTx, ids: number[]): Promise<Map<number, ReportedWriting | ReportedForumWriting>>;
  /** Hides or shows the item in the caller's transaction; answers whether it was hidden before. */
  setHidden(tx: DbOrTx, id: number, hidden: boolean, now: Date): Promise<boolean>;
  /** The ids of the items a member wrote (reports about them, on the admin member page). */
  writtenBy(db: DbOrTx, memberId: number): Promise<number[]>;
};

const feedbackKind: ReportKindEntry = {
  kind: 'feedback',
  // A report of a response names its feedback too: it is the response's.
  itemOf: (r) => (r.postId === null && r.replyId === null && r.responseId === null ? r.feedbackId : null),
  match: reportColumns.feedback,
  read: reportedFeedback,
  setHidden: (tx, id, hidden, now) => setFeedbackHidden(tx, id, hidden, now),
  writtenBy: async (db, memberId) => (await writingsOf(db, memberId)).feedback,
};

const responseKind: ReportKindEntry = {
  kind: 'response',
  itemOf: (r) => r.responseId,
  match: reportColumns.response,
  read: reportedResponses,
  setHidden: (tx, id, hidden) => setResponseHidden(tx, id, hidden),
  writtenBy: async (db, memberId) => (await writingsOf(db, memberId)).responses,
};

// ---------------------------------------------------------------------------------------
// The forum (issue 11): posts and replies, read and hidden through the forum room. Three
// settled members' flags hide an item at once (community-flags-service.ts); the admin decides here.

function forumKind(kind: 'post' | 'reply', itemOf: (r: FeedbackReport) => number | null): ReportKindEntry {
  return {
    kind,
    itemOf,
    match: reportColumns[kind],
    read: (db, ids) => reportedForumWriting(db, kind, ids),
    setHidden: (tx, id, hidden, now) => setForumItemHidden(tx, kind, id, hidden, now),
    writtenBy: (db, memberId) => forumWritingOf(db, kind, memberId),
  };
}

const postKind = forumKind('post', (r) => r.postId);
const replyKind = forumKind('reply', (r) => r.replyId);

// ---------------------------------------------------------------------------------------

export const REPORT_KIND_ENTRIES: readonly ReportKindEntry[] = [feedbackKind, responseKind, postKind, replyKind];

/** The kind of a report row and the id of what it reports. */
export function kindOf(report: FeedbackReport): { entry: ReportKindEntry; itemId: number } {
  for (const entry of REPORT_KIND_ENTRIES) {
    const itemId = entry.itemOf(report);
    if (itemId !== null) return { entry, itemId };
  }
  // The table's check constraint makes every row name exactly one thing.
  throw new Error(`report ${report.id} names nothing`);
}
