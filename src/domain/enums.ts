// Every enumeration of the product, in one place. The database check constraints,
// the Zod schemas and the client's select boxes all read these lists.

export const LISTING_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type ListingDifficulty = (typeof LISTING_DIFFICULTIES)[number];

export const LISTING_CONDITIONS = ['new', 'like_new', 'very_good', 'good', 'fair'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

export const DIMENSION_UNITS = ['cm', 'inches'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

export const PREFERRED_DIFFICULTIES = ['any', 'beginner', 'intermediate', 'advanced'] as const;
export type PreferredDifficulty = (typeof PREFERRED_DIFFICULTIES)[number];

export const CONDITION_PREFERENCES = ['any', 'excellent', 'good', 'fair'] as const;
export type ConditionPreference = (typeof CONDITION_PREFERENCES)[number];

export const LISTING_STATUSES = ['draft', 'active', 'sold', 'archived'] as const;
// How the puzzle changes hands (docs/product/near-me.md#hand-over).
export const HANDOVERS = ['post', 'in_person', 'either'] as const;
export type Handover = (typeof HANDOVERS)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];

// The whole life of a trade: docs/product/trades.md#the-life-of-a-trade.
export const TRADE_STATUSES = [
  'pending',
  'accepted',
  'shipped',
  'completed',
  'declined',
  'cancelled',
  'disputed',
  'refunded',
  'expired',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const REPORT_REASONS = ['inappropriate', 'spam', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['pending', 'reviewed', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const COMMUNITY_CATEGORIES = ['general', 'tips', 'showcase', 'help'] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];

// achievement_unlocked: a member earned an achievement (docs/product/members.md#achievements, src/domain/achievements.ts).
export const ACTIVITY_TYPES = [
  'post_created',
  'reply_posted',
  'trade_completed',
  'achievement_unlocked',
  'other',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const SETTING_CATEGORIES = ['trading', 'platform', 'notifications', 'security'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

// Why a points balance moved (the ledger's reason column).
export const LEDGER_REASONS = [
  'welcome_gift',
  'admin_grant',
  'admin_deduct',
  'trade_hold',
  'trade_refund',
  'trade_payment',
  // Part of the cost back when a puzzle arrives with more pieces missing than listed (docs/product/trust.md#the-arrival-check).
  'missing_pieces_refund',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

// The member's own text size (docs/product/members.md#text-size), saved on the account; the whole site follows it.
export const TEXT_SIZES = ['standard', 'large', 'largest'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

// Single-use e-mailed link purposes (docs/product/accounts.md#e-mailed-links).
export const TOKEN_PURPOSES = ['verify_email', 'reset_password', 'login_link'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
