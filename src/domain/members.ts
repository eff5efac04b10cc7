// Members as the API shows them (docs/decisions/0010-one-response-contract.md). Three views,
// each an allow-list: a field reaches a client only when a view names it, so a column added
// to `users` later stays on the server until someone decides who may see it.
//
//  - self: the signed-in member's own account (GET /api/auth/user, PATCH /api/profile);
//  - trade partner: the public view, plus the postal address once a trade needs it;
//  - public: what any other member sees, 'Margaret H.' and nothing that reaches them at home;
//  - admin: what a club administrator sees of a member in the admin panel (the e-mail, the
//    balance, the account's state), never a hash, a token or an address.
//
// And the one display-name rule, 'Margaret H.' (first name, initial of the last name). The
// server writes it in SQL too, for answers the database builds (listing cards):
// src/server/members/display-name-sql.ts follows this rule character for character, and
// tests/api/member-views.test.ts checks that the two agree on awkward names.

import { z } from 'zod';
import { ABOUT_ME_MAX, NEW_MEMBER_RATING_LABEL, WELCOME_MESSAGE_MAX } from './constants';
import { CONDITION_PREFERENCES, PREFERRED_DIFFICULTIES, TEXT_SIZES } from './enums';
import { optionalText, pageParam, queryParam, textField } from './fields';

/**
 * The characters trimmed from a name: the ones String.prototype.trim removes, written out so
 * the SQL expression can trim exactly the same set (PostgreSQL's trim() takes spaces only).
 */
export const NAME_SPACE =
  '\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006' +
  '\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

// Lower-case letters whose capital is one letter that lower-cases back to them, in the
// alphabets members' names are written in (Latin with its accents, Greek, Cyrillic). An
// initial outside this table is kept as typed: databases disagree on the rest (PostgreSQL 15
// leaves 'ß' alone, 18 makes it 'ẞ', JavaScript 'SS'), and one rule must give one answer.
const INITIAL_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x61, 0x7a],
  [0xdf, 0x24f],
  [0x3b1, 0x3c9],
  [0x430, 0x45f],
];

function initialCaseTable(): { lower: string; upper: string } {
  let lower = '';
  let upper = '';
  for (const [from, to] of INITIAL_RANGES) {
    for (let code = from; code <= to; code++) {
      const letter = String.fromCodePoint(code);
      const capital = letter.toUpperCase();
      if (capital !== letter && [...capital].length === 1 && capital.toLowerCase() === letter) {
        lower += letter;
        upper += capital;
      }
    }
  }
  return { lower, upper };
}

/** The initial's capitals as two strings of equal length (for SQL translate()). */
export const INITIAL_CASE = initialCaseTable();
const CAPITAL_OF = new Map([...INITIAL_CASE.lower].map((letter, i) => [letter, [...INITIAL_CASE.upper][i]!]));

/** A name without the NAME_SPACE characters at either end; '' for none. */
export function trimName(name: string | null | undefined): string {
  if (!name) return '';
  // Every NAME_SPACE character is one UTF-16 unit: most names have none at either end, and
  // splitting them into code points (two per reply in a forum answer) is work for nothing.
  if (!NAME_SPACE.includes(name[0]!) && !NAME_SPACE.includes(name[name.length - 1]!)) return name;
  const chars = [...name];
  let start = 0;
  let end = chars.length;
  while (start < end && NAME_SPACE.includes(chars[start]!)) start++;
  while (end > start && NAME_SPACE.includes(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/** The first character (a whole code point, never half an emoji) as a capital where the table has one. */
function initialOf(name: string): string {
  const code = name.codePointAt(0);
  if (code === undefined) return '';
  const first = String.fromCodePoint(code);
  return CAPITAL_OF.get(first) ?? first;
}

export { FORMER_MEMBER_NAME, isFormerMemberName } from './former-member';

/** The e-mail a closed account keeps: unique (the constraint holds) and never deliverable (.invalid, RFC 2606). */
export function closedMemberEmail(memberId: number): string {
  return `closed-member-${memberId}@closed.invalid`;
}

/** 'Margaret H.'; 'Margaret' or 'H.' when only one name is known; 'Member' when neither is. */
export function memberDisplayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = trimName(firstName);
  const initial = initialOf(trimName(lastName));
  if (!first) return initial ? `${initial}.` : 'Member';
  return initial ? `${first} ${initial}.` : first;
}

/** 'Margaret Hughes': only on a parcel, for the member who posts it. */
export function memberFullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [trimName(firstName), trimName(lastName)].filter(Boolean).join(' ') || 'Member';
}

// ---------------------------------------------------------------------------------------
// The views

/** Any other member: a number to link by and 'Margaret H.'. */
export const memberPublicSchema = z.object({
  id: z.number(),
  /** 'Margaret H.' */
  name: z.string(),
});
export type MemberPublic = z.output<typeof memberPublicSchema>;

/** A member's address, as the profile holds it (the API's names). */
const addressFields = {
  line_1: z.string().nullable(),
  line_2: z.string().nullable(),
  locality: z.string().nullable(),
  town_or_city: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
};

/** Where a puzzle is posted to: the full name and the address. */
export const postalAddressSchema = z.object({ fullName: z.string(), ...addressFields });
export type PostalAddress = z.output<typeof postalAddressSchema>;

/** The other member of a trade: the public view, and their address only while the trade needs it (else null). */
export const memberTradePartnerSchema = memberPublicSchema.extend({
  address: postalAddressSchema.nullable(),
});
export type MemberTradePartner = z.output<typeof memberTradePartnerSchema>;

/** The signed-in member's own account. Times are ISO 8601 strings. */
export const memberSelfSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    emailVerified: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    phone: z.string().nullable(),
    ...addressFields,
    preferredDifficulty: z.enum(PREFERRED_DIFFICULTIES),
    conditionPreference: z.enum(CONDITION_PREFERENCES),
    minPieceCount: z.number(),
    maxPieceCount: z.number(),
    preferredManufacturers: z.array(z.number()),
    puzzlePoints: z.number(),
    profileCompleted: z.boolean(),
    hasSeenWelcomeGift: z.boolean(),
    isAdmin: z.boolean(),
    bio: z.string().nullable(),
    publicProfile: z.boolean(),
    tradingReputation: z.number(),
    completedTrades: z.number(),
    /** The member's own text size: the whole site follows it (docs/product/members.md#text-size). */
    textSize: z.enum(TEXT_SIZES),
    /** 'I am away' (docs/product/trust.md#away): the holiday set and not yet over, else both null. */
    awayFrom: z.string().nullable(),
    awayUntil: z.string().nullable(),
    joinedAt: z.string(),
    lastActiveAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MemberSelf' });
export type MemberSelf = z.output<typeof memberSelfSchema>;

/** A suspension in force: since when, until when (null: until further notice), and why. */
export const memberSuspensionSchema = z.object({
  since: z.string(),
  until: z.string().nullable(),
  reason: z.string(),
});

/** Where a membership stands (memberStatus in admin.ts decides; decision 0028). */
export const MEMBER_STATUSES = ['active', 'not_joined', 'suspended', 'closed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** The users table's words for each. */
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  not_joined: 'Not yet joined',
  suspended: 'Suspended',
  closed: 'Closed',
};

/** A member as an administrator sees them (the admin panel's users table and member page). */
export const memberAdminSchema = z
  .object({
    id: z.number(),
    /** 'Margaret H.' */
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    isAdmin: z.boolean(),
    puzzlePoints: z.number(),
    hasSeenWelcomeGift: z.boolean(),
    profileCompleted: z.boolean(),
    completedTrades: z.number(),
    joinedAt: z.string(),
    lastActiveAt: z.string().nullable(),
    /** Null unless a suspension is in force now (one whose end date has passed is over). */
    suspension: memberSuspensionSchema.nullable(),
    status: z.enum(MEMBER_STATUSES),
  })
  .meta({ id: 'MemberAdmin' });
export type MemberAdmin = z.output<typeof memberAdminSchema>;

// ---------------------------------------------------------------------------------------
// The member directory and member pages (docs/product/members.md). Other members see a member through
// the card below and the member page (src/domain/member-pages.ts): an allow-list again, and
// never an e-mail, phone, street, postcode or balance. The town only when the member shows it.

/** The directory's page size. */
export const MEMBER_DIRECTORY_PAGE_SIZE = 30;
export const MEMBER_SEARCH_MAX = 100;

/** GET /api/members?q=&town=&page=: q searches names, town matches the start of a town's name; both ignore case. */
export const memberDirectoryQuerySchema = z.object({
  q: z.preprocess(
    queryParam,
    textField('Search')
      .max(MEMBER_SEARCH_MAX, { error: `Search must be at most ${MEMBER_SEARCH_MAX} characters` })
      .optional(),
  ),
  town: z.preprocess(
    queryParam,
    textField('Town')
      .max(MEMBER_SEARCH_MAX, { error: `Town must be at most ${MEMBER_SEARCH_MAX} characters` })
      .optional(),
  ),
  page: pageParam(),
});
export type MemberDirectoryQuery = z.output<typeof memberDirectoryQuerySchema>;

/**
 * What a directory search looks for. Members see each other as 'Margaret H.', so a search
 * matches that and no more: the first name (anywhere in it) and, when the search ends in a
 * single letter ('Margaret H' or 'Margaret H.'), the initial of the last name. A full surname
 * finds nobody, so the directory cannot be used to learn one.
 */
export function parseMemberSearch(q: string): { firstName: string; initial: string | null } {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const last = words.at(-1);
  const initial = last && /^\p{L}\.?$/u.test(last) ? [...last][0]! : null;
  if (initial && words.length > 1) return { firstName: words.slice(0, -1).join(' '), initial };
  if (initial && last?.endsWith('.')) return { firstName: '', initial };
  return { firstName: words.join(' '), initial: null };
}

/** A rating as members read it: the average of visible feedback, or 'New Member' when there is none. */
export const memberRatingSchema = z.union([z.number(), z.literal(NEW_MEMBER_RATING_LABEL)]);
export type MemberRating = z.output<typeof memberRatingSchema>;

/** The directory's card: what any member may know about another. */
export const memberCardSchema = z
  .object({
    id: z.number(),
    /** 'Margaret H.' */
    name: z.string(),
    /** Null when the member hides their town. */
    town: z.string().nullable(),
    /** When they joined (ISO 8601); shown as the long month and year, 'March 2024'. */
    memberSince: z.string(),
    completedTrades: z.number(),
    rating: memberRatingSchema,
    avatarUrl: z.string().nullable(),
    /** The small square of the avatar, for cards and lists. */
    avatarThumbnailUrl: z.string().nullable(),
    welcomeMessage: z.string().nullable(),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.output<typeof memberCardSchema>;

/** GET /api/members/me/profile: how the member has set up their page, and their text size. */
export const memberProfileSettingsSchema = z
  .object({
    avatarUrl: z.string().nullable(),
    avatarThumbnailUrl: z.string().nullable(),
    welcomeMessage: z.string().nullable(),
    aboutMe: z.string().nullable(),
    isProfilePublic: z.boolean(),
    showLocation: z.boolean(),
    textSize: z.enum(TEXT_SIZES),
  })
  .meta({ id: 'MemberProfileSettings' });
export type MemberProfileSettings = z.output<typeof memberProfileSettingsSchema>;

/**
 * PATCH /api/members/me/profile: any of the settings; what is left out stays as it is. Null
 * (or blank text) clears the avatar, the welcome message or the about-me text. avatarUrl must
 * be a picture POST /api/uploads stored (checked by the server).
 */
export const memberProfilePatchSchema = z.object({
  avatarUrl: textField('Avatar', 'Avatar must be the address of an uploaded picture')
    .max(300, { error: 'Avatar must be the address of an uploaded picture' })
    .nullish(),
  welcomeMessage: optionalText('Welcome message', WELCOME_MESSAGE_MAX),
  aboutMe: optionalText('About me', ABOUT_ME_MAX),
  isProfilePublic: z.boolean({ error: 'Show my profile must be true or false' }).optional(),
  showLocation: z.boolean({ error: 'Show my town must be true or false' }).optional(),
  textSize: z.enum(TEXT_SIZES, { error: `Text size must be one of: ${TEXT_SIZES.join(', ')}` }).optional(),
});
export type MemberProfilePatch = z.output<typeof memberProfilePatchSchema>;
export type MemberProfilePatchInput = z.input<typeof memberProfilePatchSchema>;
