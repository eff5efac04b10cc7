// Business constants (their rules: docs/product/), named once so the server,
// the client and the tests cannot drift apart.

import type {
  CommunityCategory,
  ListingCondition,
  ListingDifficulty,
  ListingStatus,
  PreferredDifficulty,
  ConditionPreference,
  TextSize,
} from './enums';

// PuzzlePoints
export const WELCOME_GIFT_POINTS = 5;
export const DASHBOARD_POINTS_FALLBACK = 5;
export const PROFILE_POINTS_FALLBACK = 100;
export const LISTING_POINTS_MIN = 1;
export const LISTING_POINTS_MAX = 25;
export const LISTING_POINTS_STANDARD = 5;
export const LISTING_POINTS_FORM_DEFAULT = 1;

// Pieces
export const PROFILE_PIECES_INPUT_MIN = 50;
export const PROFILE_PIECES_MIN = 100; // the schema's lower bound for minPieceCount
export const PROFILE_PIECES_MAX = 10000;
export const PROFILE_MIN_PIECES_DEFAULT = 100;
export const PROFILE_MAX_PIECES_DEFAULT = 5000;
export const LISTING_PIECES_MIN = 1;
export const LISTING_PIECES_MAX = 50000;
export const LISTING_PIECES_FORM_DEFAULT = 500;

// Text limits
export const LISTING_TITLE_MAX = 100;
export const LISTING_SUBTITLE_MAX = 100;
export const LISTING_ARTIST_MAX = 100;
export const LISTING_BARCODE_MAX = 50;
export const LISTING_DESCRIPTION_MAX = 1000;
export const REQUEST_COMMENTS_MAX = 500;
export const SHIPPING_NOTES_MAX = 500;
export const DELIVERY_NOTES_MAX = 500;
export const THREAD_SUBJECT_MAX = 200;
export const MESSAGE_MAX = 2000;
export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MIN = 10;
export const POST_CONTENT_MAX = 5000;
export const POST_TAGS_MAX = 5;
export const REPLY_MIN = 5;
export const REPLY_MAX = 2000;
export const FEEDBACK_COMMENT_MAX = 1000;
export const FEEDBACK_RESPONSE_MAX = 500;
export const REPORT_DETAILS_MAX = 500;
export const WELCOME_MESSAGE_MAX = 200;
export const ABOUT_ME_MAX = 500;
export const EMAIL_MAX = 254; // RFC 5321 path limit
export const PASSWORD_MAX = 200; // bounds hashing cost per request

// Rating and passwords
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const PASSWORD_MIN = 8;
export const NEW_MEMBER_RATING_LABEL = 'New Member';

// Year filter (docs/product/listings.md#browse-filters)
export const YEAR_GROUPS = ['recent', 'vintage', 'classic'] as const;
export type YearGroup = (typeof YEAR_GROUPS)[number];
export const YEAR_GROUP_LABELS: Record<YearGroup, string> = {
  recent: 'Recent (2020+)',
  vintage: 'Vintage (1980-1999)',
  classic: 'Classic (before 1980)',
};
export const RECENT_FROM_YEAR = 2020;
export const VINTAGE_FROM_YEAR = 1980;
export const VINTAGE_TO_YEAR = 1999;
export const CLASSIC_BEFORE_YEAR = 1980;
export const YEAR_FILTER_MAX_YEARS = 10;
export const LISTING_YEAR_MIN = 1900;

export const SORT_OPTIONS = [
  'newest',
  'oldest',
  'title-asc',
  'title-desc',
  'pieces-asc',
  'pieces-desc',
  'points-asc',
  'points-desc',
  'manufacturer',
  'year-newest',
  'year-oldest',
  // Nearest first (docs/product/near-me.md#browse-by-distance).
  'distance',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'newest';
export const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  'title-asc': 'Title (A-Z)',
  'title-desc': 'Title (Z-A)',
  'pieces-asc': 'Pieces (Low to High)',
  'pieces-desc': 'Pieces (High to Low)',
  'points-asc': 'Points (Low to High)',
  'points-desc': 'Points (High to Low)',
  manufacturer: 'Manufacturer',
  'year-newest': 'Year (Newest)',
  'year-oldest': 'Year (Oldest)',
  distance: 'Nearest first',
};

export const FILTER_PLACEHOLDERS = {
  search: 'Search puzzles by title, artist, manufacturer, or description...',
  minPieces: '0',
  maxPieces: '10000',
  maxPoints: '1000',
  maxDistance: '50',
  location: 'City or postcode',
} as const;

export const BROWSE_PAGE_SIZE = 24;
export const BROWSE_PAGE_SIZE_MAX = 100;

// Time
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const NEW_THREAD_HOURS = 24;
export const WEEKDAY_FORMAT_HOURS = 168;
export const WELCOME_SPARKLE_MS = 3000;
export const NEW_USER_REDIRECT_MS = 500;
export const AUTO_LOGIN_REDIRECT_MS = 1000;
export const REGISTRATION_SUCCESS_REDIRECT_MS = 250;

// Toasts
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1000000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;

// Layout
export const THREAD_LIST_HEIGHT_PX = 600;
export const MY_LISTINGS_HEIGHT_PX = 800;
export const BROWSE_SKELETON_COUNT = 6;

// Admin points summary
export const POINTS_BADGE_HIGH = 20;
export const POINTS_BADGE_MEDIUM = 10;
export const HIGH_BALANCE_MIN = 15;
export const STANDARD_BALANCE = 5;

// Footer
export const MIN_MEMBER_AGE = 50;

// Trades (docs/product/trades.md#clocks)
export const TRADE_AUTO_COMPLETE_DAYS = 21;
export const TRADE_PENDING_EXPIRY_DAYS = 7;
// Trust between strangers (docs/product/trust.md): the defaults of the trading.* settings.
export const NEW_TRADER_OPEN_REQUESTS = 3;
export const ON_TIME_SHIPPING_DAYS = 3;
export const SHIP_WITHIN_DAYS = 7;
export const MISSING_PIECE_REFUND_PERCENT = 50;
/** The longest a member may be away at a time, counted from now (docs/product/trust.md#away). */
export const AWAY_MAX_DAYS = 90;
/** The most missing pieces a member may report on arrival. */
export const MISSING_PIECES_REPORT_MAX = 50000;
// Wanted (docs/product/wanted.md): a new listing is held for a member who wished for it this
// long (setting trading.firstOfferHours), for at most this many members in turn
// (trading.maxOffersPerListing), then it is open to all.
export const FIRST_OFFER_HOURS = 48;
export const MAX_OFFERS_PER_LISTING = 3;
export const SAVED_SEARCHES_MAX = 25;
export const WISHES_MAX = 100;
const FEEDBACK_VISIBLE_AFTER_DAYS = 14;
export const FEEDBACK_VISIBLE_AFTER_MS = FEEDBACK_VISIBLE_AFTER_DAYS * DAY_MS;

// Tokens and sessions (docs/product/accounts.md)
export const VERIFY_TOKEN_TTL_MS = 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = 1 * HOUR_MS;
export const LOGIN_LINK_TOKEN_TTL_MS = 1 * HOUR_MS;
export const REMEMBER_ME_SESSION_MS = 30 * DAY_MS;
export const SESSION_IDLE_MS = 24 * HOUR_MS;
export const FAILED_SIGN_IN_LIMIT = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Account e-mails (the join link, and the same sent again from 'Registration Started!'; the
 * reset link; the sign-in link): at most this many of one kind to one address per window,
 * whether or not the address has an account.
 */
export const ACCOUNT_EMAILS_PER_ADDRESS = 5;
export const ACCOUNT_EMAIL_WINDOW_MS = 15 * 60 * 1000;
/** The same calls per IP address and window: looser, as a household or a club night shares one. */
export const ACCOUNT_EMAIL_CALLS_PER_IP = 60;
/**
 * The other account calls per IP address in 15 minutes (the window of the sign-in limits):
 * following an e-mailed link (verify, reset, login link) 60; signing in 100, as a household,
 * a library or a club night signs in through one address; signing out and closing the
 * welcome gift 300, as every member's page may ask.
 */
export const ACCOUNT_LINK_CALLS_PER_IP = 60;
export const SIGN_INS_PER_IP = 100;
export const SESSION_CALLS_PER_IP = 300;
/** Messages a member sends a minute (per member: a club night shares one address). */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGES_RATE_LIMIT_MESSAGE = 'You are sending messages very quickly. Please wait a minute and try again.';
/** Postcode look-ups a member makes a minute (each one is a call to the paid provider). */
export const ADDRESS_LOOKUPS_PER_MINUTE = 30;
export const ADDRESS_LOOKUPS_RATE_LIMIT_MESSAGE = 'Too many address lookups. Please wait a minute and try again.';

// Rate limits a member never meets: far above what anyone does by hand, low enough to stop a
// runaway script (issue 16). Per member, so a club night on one address is not one allowance.
/** New listings an hour: cataloguing a whole shelf in an evening is a few dozen. */
export const LISTINGS_PER_HOUR = 60;
/** Uploaded pictures an hour: two photos per listing, with room to retake them. */
export const UPLOADS_PER_HOUR = 120;
/**
 * Likes (and unlikes) an hour: liking every post and reply of an evening's reading is a few
 * dozen; a script toggled 400 in 3.4 seconds, each pushed live to every open page (decision 0026).
 */
export const LIKES_PER_HOUR = 300;
/**
 * Edits an hour, of each kind: posts, replies, listings, the profile and the member page
 * settings each count their own. Saving a change by hand takes half a minute or more.
 */
export const EDITS_PER_HOUR = 120;
/** Requests for puzzles in ten minutes: each e-mails the owner. */
export const TRADE_REQUESTS_PER_TEN_MINUTES = 30;
// What a member who meets one of these reads: about their own actions, not their network.
export const LIKES_RATE_LIMIT_MESSAGE =
  'You have liked a lot of posts and replies in the last hour. Please wait a while and try again.';
export const EDITS_RATE_LIMIT_MESSAGE =
  'You have made a lot of changes in the last hour. Please wait a while and try again.';
export const TRADE_REQUESTS_RATE_LIMIT_MESSAGE =
  'You have asked for a lot of puzzles in the last few minutes. Please wait a little and try again.';
/**
 * Reports (forum posts and replies, feedback) a member may make in 24 hours: a member who
 * meets more than a handful of unkind words in a day has told the club team enough
 * (decision 0027). Counted in the database, so every app process agrees.
 */
export const REPORTS_PER_DAY = 10;
export const REPORTS_PER_DAY_MESSAGE =
  `You have reported ${REPORTS_PER_DAY} things in the last day, which is as many as the club takes from one member. ` +
  'Thank you for looking out for the club: the club team will read them. You can report more tomorrow.';
/**
 * A member's report counts towards hiding an item at once only when they have completed a
 * trade or joined at least this many days ago; newer members' reports wait for the club team.
 */
export const REPORT_TRUSTED_AFTER_DAYS = 30;
/**
 * GET /api/auth/user a minute, per IP address: every page load asks once (moving between
 * pages asks nothing), so 60 members on one club-night connection can each load a page
 * every 3 seconds.
 */
export const CURRENT_USER_CALLS_PER_MINUTE = 1200;

// Live-update streams (GET /api/events), decision 0026. The oldest of a member's streams gives
// way to their newest; past the address's or the process's cap a new one is refused (429), and
// the page works on without live updates, retrying later.
/** A member's tabs and devices. */
export const EVENT_STREAMS_PER_MEMBER = 10;
/** A club night of 60 members on one connection, a few pages each; a script opening thousands is stopped. */
export const EVENT_STREAMS_PER_ADDRESS = 300;
/** An open stream holds about 60 KB: 5,000 is about 300 MB (docs/operations.md). */
export const EVENT_STREAMS_PER_PROCESS = 5000;
export const EVENT_STREAMS_PER_ADDRESS_MESSAGE =
  'Too many pages of the club are open from your network. Please close some pages and try again.';
export const EVENT_STREAMS_PER_PROCESS_MESSAGE =
  'The club is very busy just now, so this page will not update by itself. Please reload it in a few minutes.';

// Uploads (docs/product/listings.md#pictures)
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_SIDE_PX = 1600;
/**
 * An uploaded picture nothing refers to (no listing, avatar, forum post or setting) is removed
 * once this long has passed since its upload, and since it was last seen in use (decision 0026).
 */
export const UNUSED_PICTURE_KEPT_MS = DAY_MS;

// Human labels
export const DIFFICULTY_LABELS: Record<ListingDifficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
};

export const CONDITION_LABELS: Record<ListingCondition, string> = {
  new: 'New',
  like_new: 'Like New',
  very_good: 'Very Good',
  good: 'Good',
  fair: 'Fair',
};

export const STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Draft',
  active: 'Live',
  sold: 'Sold',
  archived: 'Archived',
};

export const PREFERRED_DIFFICULTY_LABELS: Record<PreferredDifficulty, string> = {
  any: 'Any',
  beginner: 'Beginner (100-500 pieces)',
  intermediate: 'Intermediate (500-1000 pieces)',
  advanced: 'Advanced (1000+ pieces)',
};

export const CONDITION_PREFERENCE_LABELS: Record<ConditionPreference, string> = {
  any: 'Any',
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
};

export const CATEGORY_LABELS: Record<CommunityCategory, string> = {
  general: 'General Discussion',
  tips: 'Tips & Tricks',
  showcase: 'Puzzle Showcase',
  help: 'Help & Support',
};

/**
 * The member's own text size (docs/product/members.md#text-size): what each is called on the page, and its root
 * font size as a share of the browser's own. Largest is at least 1.25 times Standard.
 */
export const TEXT_SIZE_OPTIONS = {
  standard: { label: 'Standard', scale: 1 },
  large: { label: 'Large', scale: 1.15 },
  largest: { label: 'Largest', scale: 1.3 },
} as const satisfies Record<TextSize, { label: string; scale: number }>;
