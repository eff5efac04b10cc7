import { eq, sql, type SQL } from 'drizzle-orm';
import { MEMBER_DIRECTORY_PAGE_SIZE, parseMemberSearch, type MemberDirectoryQuery } from '../../domain/members';
import type { TextSize } from '../../domain/enums';
import { queryRows, type DbOrTx } from '../db/client';
import { memberProfiles, users, type NewMemberProfile } from '../db/schema';
import { escapeLike } from '../listings/browse-query';
import { joinedMemberSql } from './membership-sql';
import { suspendedSql } from './suspension-sql';
import { awaySql } from './away-sql';

// Member pages as SQL: the directory's cards, one member's page facts, and the member's own
// settings. A member's face to others is `member_profiles` (docs/product/members.md#how-other-members-see-you); a
// member without a row has the defaults (public, town shown). Only what the card shows is
// selected: no e-mail, phone, street, postcode or balance ever leaves this file.

/** The card's facts, straight from the database. `town` is already null when hidden. */
export type CardRow = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  town: string | null;
  joinedAt: Date | string;
  completedTrades: number;
  /** The cached rating, 0 for none. */
  rating: number;
  avatarUrl: string | null;
  welcomeMessage: string | null;
};

const cardColumns = sql`u.id, u.first_name AS "firstName", u.last_name AS "lastName",
  CASE WHEN coalesce(mp.show_location, true) THEN u.town_or_city END AS town,
  u.joined_at AS "joinedAt", u.completed_trades AS "completedTrades", u.trading_reputation AS rating,
  mp.avatar_url AS "avatarUrl", mp.welcome_message AS "welcomeMessage"`;

/** A member who has finished joining and has not left: only they have a page. */
const ACTIVE = joinedMemberSql(sql`u`);
const PUBLIC = sql`coalesce(mp.is_profile_public, true)`;
// A directory of cards reading 'Member' would help nobody: only members with a name are listed.
const NAMED = sql`(coalesce(btrim(u.first_name), '') <> '' OR coalesce(btrim(u.last_name), '') <> '')`;
// A suspended member leaves the directory while the suspension lasts, as their listings leave browse.
const NOT_SUSPENDED = sql`NOT ${suspendedSql(sql`u`)}`;

function searchConditions(query: MemberDirectoryQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const { firstName, initial } = parseMemberSearch(query.q);
    // lower(first_name) LIKE '%…%': the trigram index users_first_name_trgm_idx answers it.
    if (firstName) conditions.push(sql`lower(u.first_name) LIKE '%' || lower(${escapeLike(firstName)}) || '%'`);
    if (initial) conditions.push(sql`lower(left(btrim(u.last_name), 1)) = ${initial}`);
  }
  if (query.town) {
    // Only a town the member shows can match, or the filter would reveal a hidden one.
    // lower(town_or_city) LIKE '…%': users_town_prefix_idx (text_pattern_ops) answers it.
    conditions.push(sql`coalesce(mp.show_location, true)`);
    conditions.push(sql`lower(u.town_or_city) LIKE lower(${escapeLike(query.town.trim())}) || '%'`);
  }
  return conditions;
}

const directoryWhere = (query: MemberDirectoryQuery) =>
  sql.join([ACTIVE, PUBLIC, NAMED, NOT_SUSPENDED, ...searchConditions(query)], sql` AND `);

/** How many members the directory holds for this search (the 'Showing 30 of 212 members' line). */
export async function directoryTotal(db: DbOrTx, query: MemberDirectoryQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users u LEFT JOIN member_profiles mp ON mp.user_id = u.id
         WHERE ${directoryWhere(query)}`,
  );
  return Number(row?.n ?? 0);
}

/** One page of the directory: public, named members, in name order (users_name_order_idx). */
export function directoryRows(db: DbOrTx, query: MemberDirectoryQuery): Promise<CardRow[]> {
  const where = directoryWhere(query);
  return queryRows<CardRow>(
    db,
    sql`SELECT ${cardColumns}
          FROM users u LEFT JOIN member_profiles mp ON mp.user_id = u.id
         WHERE ${where}
         ORDER BY lower(u.first_name), lower(u.last_name), u.id
         LIMIT ${MEMBER_DIRECTORY_PAGE_SIZE} OFFSET ${(query.page - 1) * MEMBER_DIRECTORY_PAGE_SIZE}`,
  );
}

export type PageRow = CardRow & {
  aboutMe: string | null;
  isProfilePublic: boolean;
  /** Suspended now: the page is closed to other members, as the directory leaves them out. */
  isSuspended: boolean;
  /** When they are back, while away now (docs/product/trust.md#away); null otherwise. */
  awayUntil: Date | string | null;
};

/** One member's page facts, whoever asks (the caller decides who may see a private page); null for none. */
export async function memberPageRow(db: DbOrTx, memberId: number): Promise<PageRow | null> {
  const [row] = await queryRows<PageRow>(
    db,
    sql`SELECT ${cardColumns}, mp.about_me AS "aboutMe", ${PUBLIC} AS "isProfilePublic",
               ${suspendedSql(sql`u`)} AS "isSuspended",
               CASE WHEN ${awaySql(sql`u`)} THEN u.away_until END AS "awayUntil"
          FROM users u LEFT JOIN member_profiles mp ON mp.user_id = u.id
         WHERE u.id = ${memberId} AND ${ACTIVE}`,
  );
  return row ?? null;
}

export type SettingsRow = {
  avatarUrl: string | null;
  welcomeMessage: string | null;
  aboutMe: string | null;
  isProfilePublic: boolean;
  showLocation: boolean;
  textSize: TextSize;
};

/** The member's own settings (the defaults when they have no member_profiles row yet); null for no such member. */
export async function settingsRow(db: DbOrTx, memberId: number): Promise<SettingsRow | null> {
  const [row] = await db
    .select({
      avatarUrl: memberProfiles.avatarUrl,
      welcomeMessage: memberProfiles.welcomeMessage,
      aboutMe: memberProfiles.aboutMe,
      isProfilePublic: sql<boolean>`coalesce(${memberProfiles.isProfilePublic}, true)`,
      showLocation: sql<boolean>`coalesce(${memberProfiles.showLocation}, true)`,
      textSize: users.textSize,
    })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(eq(users.id, memberId));
  return row ?? null;
}

type ProfileColumns = Partial<
  Pick<NewMemberProfile, 'avatarUrl' | 'welcomeMessage' | 'aboutMe' | 'isProfilePublic' | 'showLocation'>
>;

/** Writes the given member_profiles columns, creating the row on first use. */
export async function upsertMemberProfile(tx: DbOrTx, memberId: number, columns: ProfileColumns): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await tx
    .insert(memberProfiles)
    .values({ userId: memberId, ...columns })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: { ...columns, updatedAt: new Date() } });
}

/**
 * The account's columns the settings change: the text size, and the account's publicProfile,
 * kept equal to the member profile's flag so the self view never says otherwise.
 */
export async function updateAccountSettings(
  tx: DbOrTx,
  memberId: number,
  columns: { textSize?: TextSize; publicProfile?: boolean },
): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await tx.update(users).set(columns).where(eq(users.id, memberId));
}
