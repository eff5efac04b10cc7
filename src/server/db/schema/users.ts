// Members and everything that belongs to signing in: sessions, e-mailed tokens, failed
// sign-in counts and the optional public member profile.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONDITION_PREFERENCES, PREFERRED_DIFFICULTIES, TEXT_SIZES, TOKEN_PURPOSES } from '../../../domain/enums';
import { EMAIL_CHOICES, MESSAGE_EMAIL_CHOICES } from '../../../domain/email-preferences';
import { createdAt, idColumn, oneOf, timestamptz, updatedAt } from './columns';

/**
 * A member (docs/product/members.md).
 *
 * resetToken / resetTokenExpiry (a common design) are deliberately NOT columns here: every e-mailed
 * link (verify, reset, login link) is a row of `auth_tokens`, stored hashed and single-use
 * (docs/product/accounts.md#e-mailed-links), so one member can never have two reset links fighting over one column.
 *
 * passwordHash is null until the member sets a password through the verify link; such an
 * account cannot sign in (it is not active yet).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    // Stored as typed; uniqueness is case-insensitive (index on lower(email) below).
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    phone: text('phone'),
    country: text('country').notNull().default('United Kingdom'),
    // Address properties keep the API's names (line_1, town_or_city, ...) so the
    // profile API and the postcode lookup can pass them through unchanged.
    line_1: text('line_1'),
    line_2: text('line_2'),
    locality: text('locality'),
    town_or_city: text('town_or_city'),
    county: text('county'),
    postcode: text('postcode'),
    preferredDifficulty: text('preferred_difficulty', { enum: PREFERRED_DIFFICULTIES }).notNull().default('any'),
    conditionPreference: text('condition_preference', { enum: CONDITION_PREFERENCES }).notNull().default('any'),
    minPieceCount: integer('min_piece_count').notNull().default(100),
    maxPieceCount: integer('max_piece_count').notNull().default(5000),
    // Manufacturer ids. An array (not a join table) because it is only ever read and
    // replaced whole by the profile form; stale ids are harmless and filtered on read.
    preferredManufacturers: integer('preferred_manufacturers')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The spendable balance. Points held for an accepted trade live on the trade
    // (trade_requests.held_points); every change is also a points_ledger row.
    puzzlePoints: integer('puzzle_points').notNull().default(5),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    hasSeenWelcomeGift: boolean('has_seen_welcome_gift').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    bio: text('bio'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    lastActiveAt: timestamptz('last_active_at'),
    publicProfile: boolean('public_profile').notNull().default(true),
    // Cached average of the visible feedback received (0 = none yet, shown as 'New Member').
    tradingReputation: doublePrecision('trading_reputation').notNull().default(0),
    completedTrades: integer('completed_trades').notNull().default(0),
    // An administrator's suspension (docs/product/administration.md#suspensions). In force while suspended_at is set and
    // suspended_until is null (until further notice) or still ahead: a suspension with an
    // end date ends by itself then (isSuspended in src/domain/admin.ts; the same rule in SQL
    // in members/suspension-sql.ts).
    suspendedAt: timestamptz('suspended_at'),
    suspendedUntil: timestamptz('suspended_until'),
    suspensionReason: text('suspension_reason'),
    suspendedById: integer('suspended_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // The member's own text size (docs/product/members.md#text-size): saved on the account so it follows them to
    // every device.
    textSize: text('text_size', { enum: TEXT_SIZES }).notNull().default('standard'),
    // Set when the member closed their membership (decision 0021): their personal details are
    // erased on the row, which stays so their trades, ledger rows, posts and feedback keep an
    // author ('A former member'); the account can never sign in again.
    closedAt: timestamptz('closed_at'),
    // 'I am away' (docs/product/trust.md#away): both set while a holiday is planned or under way,
    // both null otherwise. In force while away_from <= now < away_until, so it starts and ends by
    // itself: every read compares with the clock (isAway in src/domain/trust.ts; the same rule
    // in SQL in members/away-sql.ts), and nothing needs to clear it.
    awayFrom: timestamptz('away_from'),
    awayUntil: timestamptz('away_until'),
    // Where the member is, for distances (docs/product/near-me.md#where-a-member-is):
    // the point of their postcode (or its outward code), never shown to anyone. locatedPostcode
    // is the postcode the point (or the service's 'not known') belongs to; locateDueAt is when
    // to ask the postcode service (again), null when there is nothing to ask.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locatedPostcode: text('located_postcode'),
    locateDueAt: timestamptz('locate_due_at'),
    locateAttempts: integer('locate_attempts').notNull().default(0),
    // How often the member hears by e-mail of each kind (docs/product/email.md): at once, in
    // the daily or weekly digest, or never. In-app notifications come whatever these say.
    // emailForum replaced the old on/off forum e-mail switch (on = instant, off = off).
    emailMessages: text('email_messages', { enum: MESSAGE_EMAIL_CHOICES }).notNull().default('instant'),
    emailForum: text('email_forum', { enum: EMAIL_CHOICES }).notNull().default('instant'),
    // The default alert of a new saved search.
    emailWanted: text('email_wanted', { enum: EMAIL_CHOICES }).notNull().default('instant'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check(
      'users_suspension_complete',
      sql`(${t.suspendedAt} IS NULL AND ${t.suspendedUntil} IS NULL AND ${t.suspensionReason} IS NULL)
        OR (${t.suspendedAt} IS NOT NULL AND ${t.suspensionReason} IS NOT NULL)`,
    ),
    check(
      'users_away_complete',
      sql`(${t.awayFrom} IS NULL AND ${t.awayUntil} IS NULL) OR (${t.awayFrom} IS NOT NULL AND ${t.awayUntil} > ${t.awayFrom})`,
    ),
    // Browse's away rule reads the few members with a holiday set.
    index('users_away_idx')
      .on(t.awayUntil, t.id)
      .where(sql`away_until IS NOT NULL`),
    // The admin panel's users table: search by name or e-mail (trigram), a sort per column
    // (id breaks ties, so pages never repeat or skip a member), the suspended and the admins.
    index('users_admin_search_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    index('users_name_sort_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('users_puzzle_points_idx').on(t.puzzlePoints, t.id),
    index('users_joined_at_idx').on(t.joinedAt, t.id),
    index('users_is_admin_idx').on(t.isAdmin, t.id),
    index('users_welcome_gift_idx').on(t.hasSeenWelcomeGift, t.id),
    index('users_profile_completed_idx').on(t.profileCompleted, t.id),
    index('users_suspended_idx')
      .on(t.suspendedAt, t.id)
      .where(sql`suspended_at IS NOT NULL`),
    // The users table's status filter (decision 0028): the few closed and not yet joined.
    index('users_closed_idx')
      .on(t.closedAt, t.id)
      .where(sql`closed_at IS NOT NULL`),
    index('users_not_joined_idx')
      .on(t.id)
      .where(sql`password_hash IS NULL`),
    check('users_puzzle_points_non_negative', sql`${t.puzzlePoints} >= 0`),
    check('users_completed_trades_non_negative', sql`${t.completedTrades} >= 0`),
    check('users_preferred_difficulty_check', oneOf(t.preferredDifficulty, PREFERRED_DIFFICULTIES)),
    check('users_condition_preference_check', oneOf(t.conditionPreference, CONDITION_PREFERENCES)),
    check(
      'users_piece_counts_range',
      sql`${t.minPieceCount} BETWEEN 0 AND 50000 AND ${t.maxPieceCount} BETWEEN 0 AND 50000`,
    ),
    check('users_trading_reputation_range', sql`${t.tradingReputation} BETWEEN 0 AND 5`),
    check('users_text_size_check', oneOf(t.textSize, TEXT_SIZES)),
    check('users_point_complete', sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
    // Distance browse: the owners inside a latitude band, then their longitude; and the
    // locator job's due members.
    index('users_point_idx')
      .on(t.latitude, t.longitude)
      .where(sql`latitude IS NOT NULL`),
    index('users_locate_due_idx')
      .on(t.locateDueAt)
      .where(sql`locate_due_at IS NOT NULL`),
    check('users_email_messages_check', oneOf(t.emailMessages, MESSAGE_EMAIL_CHOICES)),
    check('users_email_forum_check', oneOf(t.emailForum, EMAIL_CHOICES)),
    check('users_email_wanted_check', oneOf(t.emailWanted, EMAIL_CHOICES)),
    // The digest job's candidates: the few members who chose a digest for something.
    index('users_email_digest_idx')
      .on(t.id)
      .where(
        sql`email_messages = 'daily' OR email_forum IN ('daily', 'weekly') OR email_wanted IN ('daily', 'weekly')`,
      ),
    // The member directory (src/server/members/directory-repository.ts): first names searched
    // anywhere ignoring case, towns by their start ignoring case, cards in name order. The
    // queries repeat these expressions exactly so the planner can use them.
    index('users_first_name_trgm_idx').using('gin', sql`lower(${t.firstName}) gin_trgm_ops`),
    index('users_town_prefix_idx').on(sql`lower(${t.town_or_city}) text_pattern_ops`),
    index('users_name_order_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
  ],
);

/**
 * Server-side sessions (docs/product/accounts.md#sessions). `sid` is the SHA-256 hash (hex) of the cookie
 * token, never the token itself, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull().default({}),
    // Sliding expiry: 30 days with 'remember me', otherwise 24 hours idle (docs/product/accounts.md#sessions).
    expire: timestamptz('expire').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Single-use e-mailed links (an "Email verification token", generalised to the three
 * purposes of docs/product/accounts.md#e-mailed-links). Only the SHA-256 hash of the token is stored. Keyed by e-mail
 * rather than user id because a registration link exists before the account is active.
 * The application stores the e-mail lower-cased.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique('auth_tokens_token_hash_unique'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_email_purpose_idx').on(t.email, t.purpose),
    check('auth_tokens_purpose_check', oneOf(t.purpose, TOKEN_PURPOSES)),
  ],
);

/**
 * Sign-in attempts, counted per e-mail address and per IP for the rate limits of
 * docs/product/accounts.md#limits-on-signing-in (at most 10 failed sign-ins per address in 15 minutes). Old rows can be
 * pruned freely.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: idColumn(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_created_at_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/** Optional public face of a member (docs/product/members.md#how-other-members-see-you), one per member. */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .unique('member_profiles_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarUrl: text('avatar_url'),
    welcomeMessage: text('welcome_message'),
    aboutMe: text('about_me'),
    isProfilePublic: boolean('is_profile_public').notNull().default(true),
    showLocation: boolean('show_location').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('member_profiles_welcome_message_length', sql`char_length(${t.welcomeMessage}) <= 200`),
    check('member_profiles_about_me_length', sql`char_length(${t.aboutMe}) <= 500`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type AuthToken = typeof authTokens.$inferSelect;
export type NewAuthToken = typeof authTokens.$inferInsert;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;
export type MemberProfile = typeof memberProfiles.$inferSelect;
export type NewMemberProfile = typeof memberProfiles.$inferInsert;
