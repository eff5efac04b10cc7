// The admin panel (docs/product/administration.md, docs/api/admin.md): bodies, queries and
// answers of every admin call, the settings the app reads, the suspension rule, the names of
// the actions the activity log records and the points summary's styling rules.

import { z } from 'zod';
import { formatClubDate } from './dates';
import { LISTING_STATUSES, REPORT_REASONS, REPORT_STATUSES, TRADE_STATUSES } from './enums';
import { HIGH_BALANCE_MIN, POINTS_BADGE_HIGH, POINTS_BADGE_MEDIUM, STANDARD_BALANCE } from './constants';
import { optionalText, queryParam, requiredText, textField } from './fields';
import { listingViewSchema } from './listings';
import { choiceParam, intParam } from './browse';
import { MEMBER_STATUSES, memberAdminSchema, memberPublicSchema, type MemberStatus } from './members';
import { ledgerEntrySchema } from './points';
import { tradeViewSchema } from './trades';

// ---------------------------------------------------------------------------------------
// Query parameters

/** `page` (from 1) and `pageSize` of a list the server pages; the answer's X-Total-Count header has the total. */
function pageParams(defaultSize: number, maxSize: number) {
  return {
    page: intParam('Page', 1, 1_000_000).transform((v) => v ?? 1),
    pageSize: intParam('Page size', 1, maxSize).transform((v) => v ?? defaultSize),
  };
}

/** The header that carries a paged list's total (the answer itself is the array, docs/product/every-call.md#answers). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

// ---------------------------------------------------------------------------------------
// Users (GET /admin/users, PATCH /admin/users/{id}/admin)

/**
 * Where a membership stands (docs/decisions/0028-members-and-team.md): `closed` once the member
 * closed it, `suspended` while a suspension is in force, `not_joined` until the member finished
 * joining (set a password), `active` otherwise. The same rule in SQL: members/membership-sql.ts.
 */
export function memberStatus(
  member: { closedAt: Instant; passwordHash: string | null; suspendedAt: Instant; suspendedUntil: Instant },
  now: Date = new Date(),
): MemberStatus {
  if (member.closedAt !== null) return 'closed';
  if (isSuspended(member, now)) return 'suspended';
  if (member.passwordHash === null) return 'not_joined';
  return 'active';
}

export const ADMIN_USER_SORTS = [
  'name',
  'email',
  'puzzlePoints',
  'isAdmin',
  'hasSeenWelcomeGift',
  'profileCompleted',
  'suspended',
  'joinedAt',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUserListQuerySchema = z.object({
  /** Part of a name or an e-mail address, any case. */
  q: z.preprocess(
    queryParam,
    textField('Search').max(100, { error: 'Search must be at most 100 characters' }).optional(),
  ),
  /** Without `sort` the table is in the order members joined (a column's "none": docs/product/screens.md#admin). */
  sort: z.preprocess(
    choiceParam,
    z.enum(ADMIN_USER_SORTS, { error: `Sort must be one of: ${ADMIN_USER_SORTS.join(', ')}` }).optional(),
  ),
  dir: z.preprocess(
    queryParam,
    z
      .enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' })
      .optional()
      .transform((v) => v ?? 'asc'),
  ),
  /** `admin`: only the administrators. */
  role: z.preprocess(choiceParam, z.enum(['admin'], { error: 'Role must be admin' }).optional()),
  /** Only the members in this state (memberStatus below). */
  status: z.preprocess(
    choiceParam,
    z.enum(MEMBER_STATUSES, { error: `Status must be one of: ${MEMBER_STATUSES.join(', ')}` }).optional(),
  ),
  ...pageParams(ADMIN_USERS_PAGE_SIZE, 100),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminToggleSchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type AdminToggleBody = z.output<typeof adminToggleSchema>;

export const SELF_ADMIN_MESSAGE = 'You cannot remove your own admin status';
export const LAST_ADMIN_MESSAGE = 'The club must keep at least one administrator.';

// ---------------------------------------------------------------------------------------
// Points (POST /admin/users/{id}/points, GET /admin/points)

export const POINTS_ADJUSTMENT_MAX = 1000;
const AMOUNT_MESSAGE = `Amount must be a whole number from -${POINTS_ADJUSTMENT_MAX} to ${POINTS_ADJUSTMENT_MAX}, not 0`;

/** A grant (positive) or a deduction (negative), with the reason the member is told. */
export const pointsAdjustmentSchema = z.object({
  amount: z
    .number({ error: AMOUNT_MESSAGE })
    .int({ error: AMOUNT_MESSAGE })
    .min(-POINTS_ADJUSTMENT_MAX, { error: AMOUNT_MESSAGE })
    .max(POINTS_ADJUSTMENT_MAX, { error: AMOUNT_MESSAGE })
    .refine((v) => v !== 0, { error: AMOUNT_MESSAGE }),
  reason: requiredText('Reason', 200, 'Please give a reason'),
});
export type PointsAdjustmentBody = z.output<typeof pointsAdjustmentSchema>;

export type PointsBadgeTier = 'high' | 'medium' | 'low';

export function pointsBadgeTier(balance: number): PointsBadgeTier {
  if (balance >= POINTS_BADGE_HIGH) return 'high';
  if (balance >= POINTS_BADGE_MEDIUM) return 'medium';
  return 'low';
}

/** The points tab's summary of every member's balance. */
export const pointsSummarySchema = z.object({
  members: z.number(),
  total: z.number(),
  average: z.number(),
  /** 'High Balances (15+)' */
  highBalances: z.number(),
  /** 'Standard Balances (5)' */
  standardBalances: z.number(),
});
export type PointsSummary = z.output<typeof pointsSummarySchema>;

export function summarizeBalances(balances: readonly number[]): PointsSummary {
  const total = balances.reduce((sum, b) => sum + b, 0);
  return {
    members: balances.length,
    total,
    average: balances.length === 0 ? 0 : total / balances.length,
    highBalances: balances.filter((b) => b >= HIGH_BALANCE_MIN).length,
    standardBalances: balances.filter((b) => b === STANDARD_BALANCE).length,
  };
}

// ---------------------------------------------------------------------------------------
// Suspension (POST /admin/users/{id}/suspend, /unsuspend)

export const suspendSchema = z.object({
  reason: requiredText('Reason', 500, 'Please give a reason'),
  /** When the suspension ends by itself (ISO 8601); absent or null: until further notice. */
  until: z.iso
    .datetime({ offset: true, error: 'The end date must be a date and time (ISO 8601)' })
    .nullish()
    .transform((v) => v ?? null),
});
export type SuspendBody = z.output<typeof suspendSchema>;

export const SUSPEND_SELF_MESSAGE = 'You cannot suspend yourself.';
export const SUSPEND_ADMIN_MESSAGE =
  'An administrator cannot be suspended. Remove their admin status first if you really need to.';
export const UNTIL_IN_PAST_MESSAGE = 'The end date must be in the future';

type Instant = Date | string | null;
const toDate = (value: Instant): Date | null => (value === null ? null : new Date(value));

/** Whether a suspension is in force at `now`: one with an end date ends by itself then. */
export function isSuspended(
  member: { suspendedAt: Instant; suspendedUntil: Instant },
  now: Date = new Date(),
): boolean {
  if (member.suspendedAt === null) return false;
  const until = toDate(member.suspendedUntil);
  return until === null || until.getTime() > now.getTime();
}

export { formatClubDate };

/** "until 3 Dec 2026" or "until further notice". */
export function suspensionPeriod(until: Instant): string {
  const end = toDate(until);
  return end ? `until ${formatClubDate(end)}` : 'until further notice';
}

/** What signing in answers a suspended member (403), and what their open page is told. */
export function suspendedMessage(until: Instant, reason: string): string {
  return `Your membership is suspended ${suspensionPeriod(until)}: ${reason}`;
}

// ---------------------------------------------------------------------------------------
// Manufacturers (GET|POST /admin/manufacturers, PATCH|DELETE /admin/manufacturers/{id})

export const MANUFACTURER_NAME_MESSAGE = 'Manufacturer name is required';
export const MANUFACTURER_EXISTS_MESSAGE = 'A manufacturer with this name already exists';

/** Refusing to delete a manufacturer that listings use (docs/product/administration.md#manufacturers). */
export function manufacturerInUseMessage(listings: number): string {
  return `Deactivate it instead: ${listings} ${listings === 1 ? 'listing uses' : 'listings use'} it`;
}

export const manufacturerNameSchema = requiredText('Manufacturer name', 100, MANUFACTURER_NAME_MESSAGE);

export const manufacturerCreateSchema = z.object({ name: manufacturerNameSchema });
export type ManufacturerCreateBody = z.output<typeof manufacturerCreateSchema>;

export const manufacturerPatchSchema = z
  .object({
    name: manufacturerNameSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.isActive !== undefined, {
    error: 'Nothing to update',
  });
export type ManufacturerPatchBody = z.output<typeof manufacturerPatchSchema>;

/** A manufacturer as the admin panel lists it: with how many listings use it. */
export const adminManufacturerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    isActive: z.boolean(),
    listingCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminManufacturer' });
export type AdminManufacturer = z.output<typeof adminManufacturerSchema>;

// ---------------------------------------------------------------------------------------
// The activity log (GET /admin/actions)

/** Every kind of entry the activity log holds, with the words the activity tab shows. */
export const ADMIN_ACTION_LABELS = {
  set_admin_status: 'Changed admin status',
  adjust_points: 'Granted or deducted points',
  suspend_member: 'Suspended a member',
  unsuspend_member: 'Lifted a suspension',
  create_setting: 'Created a setting',
  delete_setting: 'Deleted a setting',
  create_manufacturer: 'Added a manufacturer',
  update_manufacturer: 'Changed a manufacturer',
  delete_manufacturer: 'Deleted a manufacturer',
  resolve_report: 'Resolved a report',
  resolve_trade_dispute: 'Resolved a trade dispute',
  pin_post: 'Pinned or unpinned a forum post',
  lock_post: 'Locked or unlocked a forum post',
  delete_post: 'Removed a forum post',
  delete_reply: 'Removed a forum reply',
  edit_post: 'Edited a member’s forum post',
  edit_reply: 'Edited a member’s forum reply',
  update_setting: 'Changed a setting',
} as const;
export type AdminActionName = keyof typeof ADMIN_ACTION_LABELS;
export const ADMIN_ACTIONS = Object.keys(ADMIN_ACTION_LABELS) as [AdminActionName, ...AdminActionName[]];
export const ADMIN_ACTIONS_PAGE_SIZE = 25;

const INSTANT_MESSAGE = 'must be a date and time (ISO 8601)';

export const adminActionListQuerySchema = z.object({
  adminId: intParam('Admin', 1, 999_999_999),
  action: z.preprocess(
    choiceParam,
    z.enum(ADMIN_ACTIONS, { error: `Action must be one of: ${ADMIN_ACTIONS.join(', ')}` }).optional(),
  ),
  /** From this moment on (inclusive). */
  from: z.preprocess(queryParam, z.iso.datetime({ offset: true, error: `From ${INSTANT_MESSAGE}` }).optional()),
  /** Before this moment (exclusive): a day's entries are from its midnight to the next. */
  to: z.preprocess(queryParam, z.iso.datetime({ offset: true, error: `To ${INSTANT_MESSAGE}` }).optional()),
  ...pageParams(ADMIN_ACTIONS_PAGE_SIZE, 100),
});
export type AdminActionListQuery = z.output<typeof adminActionListQuerySchema>;

export const adminActionViewSchema = z
  .object({
    id: z.number(),
    timestamp: z.string(),
    adminId: z.number().nullable(),
    /** 'Eleanor W.'; null once the admin's account is gone. */
    adminName: z.string().nullable(),
    action: z.string(),
    /** What it was done to: 'user:12', 'manufacturer:3', 'setting:trading.pendingRequestExpiryDays'. */
    target: z.string().nullable(),
    /** What changed, from what to what: `{isAdmin: {from: false, to: true}}`. */
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AdminAction' });
export type AdminActionView = z.output<typeof adminActionViewSchema>;

/** GET /admin/actions/admins: the activity log's admin filter, former administrators included. */
export const loggingAdminSchema = z
  .object({
    id: z.number(),
    /** 'Eleanor W.' */
    name: z.string(),
    /** False for a former administrator. */
    isAdmin: z.boolean(),
  })
  .meta({ id: 'LoggingAdmin' });
export type LoggingAdmin = z.output<typeof loggingAdminSchema>;

/** A change as the activity log records it. */
export function change<T>(from: T, to: T): { from: T; to: T } {
  return { from, to };
}

// ---------------------------------------------------------------------------------------
// Reports (GET /admin/reports, POST /admin/reports/{id}/resolve)

/** What a report can be about: one row type each in the admin service (report-kinds.ts). */
export const REPORT_KINDS = ['feedback', 'response', 'post', 'reply'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  feedback: 'Trade feedback',
  response: 'Reply to feedback',
  post: 'Forum post',
  reply: 'Forum reply',
};
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  inappropriate: 'Inappropriate',
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Other',
};
export const REPORTS_PAGE_SIZE = 20;

export const reportListQuerySchema = z.object({
  /** Without it (or 'all'): every report, pending first. */
  status: z.preprocess(
    choiceParam,
    z.enum(REPORT_STATUSES, { error: `Status must be one of: ${REPORT_STATUSES.join(', ')}` }).optional(),
  ),
  ...pageParams(REPORTS_PAGE_SIZE, 100),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

export const REPORT_ACTIONS = ['dismiss', 'hide', 'restore'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The status a report gets from each decision: hiding acts on it, the other two do not uphold it. */
export const REPORT_ACTION_STATUS = {
  dismiss: 'dismissed',
  hide: 'actioned',
  restore: 'dismissed',
} as const satisfies Record<ReportAction, (typeof REPORT_STATUSES)[number]>;

export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: `Action must be one of: ${REPORT_ACTIONS.join(', ')}` }),
  notes: optionalText('Notes', 500),
});
export type ResolveReportBody = z.output<typeof resolveReportSchema>;

export const reportViewSchema = z
  .object({
    id: z.number(),
    kind: z.enum(REPORT_KINDS),
    /** The id of the feedback, response, post or reply. */
    itemId: z.number(),
    reportedBy: memberPublicSchema,
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    item: z.object({
      /** The words reported; null once the item is gone. */
      text: z.string().nullable(),
      author: memberPublicSchema.nullable(),
      /** Whether members see it now; null when unknown. */
      hidden: z.boolean().nullable(),
      /**
       * Where it stands in the club: a forum post's page, a forum reply's post with the reply
       * in view (/community?post=3&reply=9), feedback's member page; null once it is gone.
       */
      url: z.string().nullable(),
    }),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    resolvedBy: memberPublicSchema.nullable(),
    adminNotes: z.string().nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.output<typeof reportViewSchema>;

// ---------------------------------------------------------------------------------------
// Overview (GET /admin/overview) and a member's page (GET /admin/users/{id})

const countsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number()])) as { [K in T[number]]: z.ZodNumber });

export const adminOverviewSchema = z
  .object({
    members: z.object({
      total: z.number(),
      joinedLast30Days: z.number(),
      suspended: z.number(),
      admins: z.number(),
    }),
    listings: countsOf(LISTING_STATUSES),
    trades: countsOf(TRADE_STATUSES),
    openDisputes: z.number(),
    openReports: z.number(),
    /**
     * The conservation figures (docs/product/points.md#the-points-invariant), read at one instant: points in members' balances
     * plus points held for trades equal every point granted (welcome gifts and admin grants,
     * less deductions). `agree` says whether they do.
     */
    points: z.object({
      inBalances: z.number(),
      held: z.number(),
      granted: z.number(),
      agree: z.boolean(),
    }),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.output<typeof adminOverviewSchema>;

export const adminMemberDetailSchema = z
  .object({
    member: memberAdminSchema,
    trades: z.array(tradeViewSchema),
    listings: z.array(listingViewSchema),
    ledger: z.array(ledgerEntrySchema),
    /** Reports about what the member wrote. */
    reports: z.array(reportViewSchema),
  })
  .meta({ id: 'AdminMemberDetail' });
export type AdminMemberDetail = z.output<typeof adminMemberDetailSchema>;

// ---------------------------------------------------------------------------------------
// Trade disputes (GET /admin/trade-requests?status=disputed)

export const disputeListQuerySchema = z.object({
  status: z.enum(['disputed'], { error: 'Only disputed trades can be listed: use status=disputed' }),
});
