// Trades and everything around them: the points ledger, notifications, feedback, reports
// and the audit trail. History is kept: trades and ledger rows are never cascaded away
// (their foreign keys RESTRICT), so a member with trade history cannot be hard-deleted.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LEDGER_REASONS, REPORT_REASONS, REPORT_STATUSES, TRADE_STATUSES } from '../../../domain/enums';
import { GRANT_REASONS } from '../../../domain/points';
import { createdAt, descending, idColumn, oneOf, timestamptz, updatedAt } from './columns';
import { communityPosts, communityReplies } from './community';
import { puzzleListings } from './listings';
import { messageThreads } from './messages';
import { users } from './users';

/** A request still in play; a member may have at most one of these per listing. */
export const OPEN_TRADE_STATUSES = ['pending', 'accepted', 'shipped', 'disputed'] as const;

/** The whole life of a trade, docs/product/trades.md#the-life-of-a-trade. */
export const tradeRequests = pgTable(
  'trade_requests',
  {
    id: idColumn(),
    puzzleListingId: integer('puzzle_listing_id')
      .notNull()
      .references(() => puzzleListings.id, { onDelete: 'restrict' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('pending'),
    requestComments: text('request_comments'),
    // The listing's points when requested (the listing may be re-priced later).
    puzzlePointsCost: integer('puzzle_points_cost').notNull(),
    // Points taken from the requester on acceptance and held until completion (paid to the
    // owner) or cancellation/refund (returned). 0 when nothing is held.
    heldPoints: integer('held_points').notNull().default(0),
    threadId: integer('thread_id').references((): AnyPgColumn => messageThreads.id, {
      onDelete: 'set null',
    }),
    acceptedAt: timestamptz('accepted_at'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    completedAt: timestamptz('completed_at'),
    declinedAt: timestamptz('declined_at'),
    cancelledAt: timestamptz('cancelled_at'),
    disputedAt: timestamptz('disputed_at'),
    resolvedAt: timestamptz('resolved_at'),
    trackingNumber: text('tracking_number'),
    carrierName: text('carrier_name'),
    shippingNotes: text('shipping_notes'),
    // The owner handed the puzzle over in person rather than posting it: the 'sent' step reads
    // 'Handed over' (docs/product/near-me.md#hand-over).
    handedOver: boolean('handed_over').notNull().default(false),
    deliveryNotes: text('delivery_notes'),
    declineReason: text('decline_reason'),
    disputeDetails: text('dispute_details'),
    disputedById: integer('disputed_by_id').references(() => users.id, { onDelete: 'restrict' }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    // Timers for the background sweeper: a pending request expires 7 days after creation,
    // a shipped trade completes by itself 21 days after shipping (docs/product/trades.md#clocks).
    expiresAt: timestamptz('expires_at'),
    autoCompleteAt: timestamptz('auto_complete_at'),
    // The posting deadline (docs/product/trust.md#the-posting-deadline), set on acceptance from
    // trading.shipWithinDays: an accepted trade not sent by ship_by cancels itself; the owner is
    // reminded at ship_reminder_at (half time), once: ship_reminded_at says it was sent.
    shipBy: timestamptz('ship_by'),
    shipReminderAt: timestamptz('ship_reminder_at'),
    shipRemindedAt: timestamptz('ship_reminded_at'),
    // Cancelled by the deadline: counts in the owner's record as 'Not posted in time'.
    notSentInTime: boolean('not_sent_in_time').notNull().default(false),
    // The arrival check (docs/product/trust.md#the-arrival-check): how many pieces the requester
    // found missing (null: arrived as described), whether that was more than the listing declared,
    // and the points that went back to the requester for it.
    missingPiecesReported: integer('missing_pieces_reported'),
    arrivedIncomplete: boolean('arrived_incomplete').notNull().default(false),
    missingPiecesRefund: integer('missing_pieces_refund').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trade_requests_status_check', oneOf(t.status, TRADE_STATUSES)),
    check('trade_requests_held_points_non_negative', sql`${t.heldPoints} >= 0`),
    check('trade_requests_points_cost_non_negative', sql`${t.puzzlePointsCost} >= 0`),
    check('trade_requests_not_own_listing', sql`${t.requesterId} <> ${t.ownerId}`),
    index('trade_requests_requester_status_idx').on(t.requesterId, t.status),
    index('trade_requests_owner_status_idx').on(t.ownerId, t.status),
    index('trade_requests_listing_status_idx').on(t.puzzleListingId, t.status),
    // 409 "already requested" is enforced by the database, not just a read-then-insert.
    uniqueIndex('trade_requests_one_open_per_requester_listing')
      .on(t.requesterId, t.puzzleListingId)
      .where(oneOf('status', OPEN_TRADE_STATUSES)),
    index('trade_requests_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    index('trade_requests_shipped_auto_complete_idx')
      .on(t.autoCompleteAt)
      .where(sql`status = 'shipped'`),
    index('trade_requests_accepted_ship_by_idx')
      .on(t.shipBy)
      .where(sql`status = 'accepted'`),
    index('trade_requests_accepted_ship_reminder_idx')
      .on(t.shipReminderAt)
      .where(sql`status = 'accepted' AND ship_reminded_at IS NULL`),
    check('trade_requests_missing_pieces_refund_non_negative', sql`${t.missingPiecesRefund} >= 0`),
    // The administrators' list of disputes waiting for a decision, longest waiting first.
    index('trade_requests_disputed_idx')
      .on(t.disputedAt, t.id)
      .where(sql`status = 'disputed'`),
  ],
);

/**
 * Every change of a member's balance, written in the same transaction as the change
 * (docs/product/points.md#the-ledger). amount is signed (never 0); balance_after is users.puzzle_points after it.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    tradeRequestId: integer('trade_request_id').references(() => tradeRequests.id, {
      onDelete: 'restrict',
    }),
    // Who granted points by hand (admin_grant), and why.
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('points_ledger_amount_non_zero', sql`${t.amount} <> 0`),
    check('points_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_reason_check', oneOf(t.reason, LEDGER_REASONS)),
    // A member's history newest first, in the order the balance changed (see points/routes.ts).
    index('points_ledger_user_id_idx').on(t.userId, descending(t.id)),
    index('points_ledger_trade_request_id_idx').on(t.tradeRequestId),
    // The conservation figure "granted" (the admin overview): an index-only sum.
    index('points_ledger_granted_idx').on(t.amount).where(oneOf('reason', GRANT_REASONS)),
  ],
);

export const tradingNotifications = pgTable(
  'trading_notifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tradeRequestId: integer('trade_request_id').references(() => tradeRequests.id, {
      onDelete: 'cascade',
    }),
    // Free text (e.g. 'trade_accepted'): new kinds of notice need no migration.
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    // Where the notice leads in the app (a path such as '/community?post=3#reply-9'); null for
    // a trade notice, which leads to its trade.
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    emailSent: boolean('email_sent').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('trading_notifications_user_created_at_idx').on(t.userId, descending(t.createdAt)),
    index('trading_notifications_trade_request_id_idx').on(t.tradeRequestId),
  ],
);

/** Each party rates the other once per completed trade. */
export const tradingFeedback = pgTable(
  'trading_feedback',
  {
    id: idColumn(),
    tradeRequestId: integer('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'restrict' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    // Default true; hiding until both parties have rated (docs/product/trades.md#feedback) is decided
    // at read time from the trade, so an admin can still hide a row with this flag.
    isVisible: boolean('is_visible').notNull().default(true),
    isReported: boolean('is_reported').notNull().default(false),
    adminReviewed: boolean('admin_reviewed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trading_feedback_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('trading_feedback_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    unique('trading_feedback_trade_from_user_unique').on(t.tradeRequestId, t.fromUserId),
    index('trading_feedback_to_user_id_idx').on(t.toUserId),
  ],
);

/** The rated member's single public reply to a piece of feedback. */
export const feedbackResponses = pgTable('feedback_responses', {
  id: idColumn(),
  feedbackId: integer('feedback_id')
    .notNull()
    .unique('feedback_responses_feedback_id_unique')
    .references(() => tradingFeedback.id, { onDelete: 'cascade' }),
  responseText: text('response_text').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  isReported: boolean('is_reported').notNull().default(false),
  adminReviewed: boolean('admin_reviewed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The club's one table of members' reports, for admins to review: a report names exactly one
 * thing (a piece of feedback, a response to one, a forum post or a forum reply). A new kind of
 * report is one more target column here and one more row type in the admin service. The product
 * calls it "Feedback report"; the table keeps that name.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: idColumn(),
    reportedByUserId: integer('reported_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackId: integer('feedback_id').references(() => tradingFeedback.id, {
      onDelete: 'cascade',
    }),
    responseId: integer('response_id').references(() => feedbackResponses.id, {
      onDelete: 'cascade',
    }),
    postId: integer('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    reportReason: text('report_reason', { enum: REPORT_REASONS }).notNull(),
    reportDetails: text('report_details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    check('feedback_reports_reason_check', oneOf(t.reportReason, REPORT_REASONS)),
    check('feedback_reports_status_check', oneOf(t.status, REPORT_STATUSES)),
    // A response report also names its feedback; a forum report names one post or one reply.
    check(
      'feedback_reports_target_present',
      sql`(${t.postId} IS NULL AND ${t.replyId} IS NULL AND (${t.feedbackId} IS NOT NULL OR ${t.responseId} IS NOT NULL))
        OR (${t.feedbackId} IS NULL AND ${t.responseId} IS NULL AND num_nonnulls(${t.postId}, ${t.replyId}) = 1)`,
    ),
    index('feedback_reports_status_created_at_idx').on(t.status, t.createdAt),
    // The admin reports tab without a status filter: newest first.
    index('feedback_reports_created_at_idx').on(descending(t.createdAt), descending(t.id)),
    index('feedback_reports_feedback_id_idx').on(t.feedbackId),
    index('feedback_reports_response_id_idx').on(t.responseId),
    // One flag per member per forum post or reply (docs/product/community.md#reports-flags).
    uniqueIndex('feedback_reports_reporter_post_unique')
      .on(t.reportedByUserId, t.postId)
      .where(sql`post_id IS NOT NULL`),
    uniqueIndex('feedback_reports_reporter_reply_unique')
      .on(t.reportedByUserId, t.replyId)
      .where(sql`reply_id IS NOT NULL`),
    index('feedback_reports_post_id_idx').on(t.postId),
    // A member's reports of the last day (at most REPORTS_PER_DAY).
    index('feedback_reports_reporter_created_at_idx').on(t.reportedByUserId, t.createdAt),
    index('feedback_reports_reply_id_idx').on(t.replyId),
  ],
);

/** Who did what to which record, for trades and other sensitive changes. */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: idColumn(),
    // Null for steps the system takes by itself (expiry, auto-completion).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('audit_trail_entity_idx').on(t.entityType, t.entityId),
    index('audit_trail_user_timestamp_idx').on(t.userId, descending(t.timestamp)),
  ],
);

export type TradeRequest = typeof tradeRequests.$inferSelect;
export type NewTradeRequest = typeof tradeRequests.$inferInsert;
export type PointsLedgerEntry = typeof pointsLedger.$inferSelect;
export type NewPointsLedgerEntry = typeof pointsLedger.$inferInsert;
export type TradingNotification = typeof tradingNotifications.$inferSelect;
export type NewTradingNotification = typeof tradingNotifications.$inferInsert;
export type TradingFeedback = typeof tradingFeedback.$inferSelect;
export type NewTradingFeedback = typeof tradingFeedback.$inferInsert;
export type FeedbackResponse = typeof feedbackResponses.$inferSelect;
export type NewFeedbackResponse = typeof feedbackResponses.$inferInsert;
export type FeedbackReport = typeof feedbackReports.$inferSelect;
export type NewFeedbackReport = typeof feedbackReports.$inferInsert;
export type AuditTrailEntry = typeof auditTrail.$inferSelect;
export type NewAuditTrailEntry = typeof auditTrail.$inferInsert;
