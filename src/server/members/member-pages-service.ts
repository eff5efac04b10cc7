import { NEW_MEMBER_RATING_LABEL } from '../../domain/constants';
import { AppError, formatValidationErrors, type FieldError } from '../../domain/errors';
import type { MemberPage } from '../../domain/member-pages';
import {
  memberDisplayName,
  type MemberCard,
  type MemberDirectoryQuery,
  type MemberProfilePatch,
  type MemberProfileSettings,
} from '../../domain/members';
import { memberAchievements } from '../achievements/achievements-service';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { feedbackReceived } from '../feedback/feedback-service';
import { activeListingsOf } from '../listings/listings-service';
import { tradingRecords } from '../trades/trades-service';
import { isStoredImage, thumbnailFor } from '../uploads/image-store';
import type { PictureStorage } from '../uploads/storage';
import {
  directoryRows,
  directoryTotal,
  settingsRow,
  updateAccountSettings,
  upsertMemberProfile,
  type CardRow,
  type SettingsRow,
} from './member-pages-repository';
import { visibleMemberPageRow, type Viewer } from './members-service';

// docs/product/members.md: the member directory, member pages, and a member's own settings for theirs.

export const AVATAR_NOT_UPLOADED_MESSAGE = 'Avatar must be a picture uploaded to the club first';

function toMemberCard(row: CardRow): MemberCard {
  const rating = Number(row.rating);
  return {
    id: Number(row.id),
    name: memberDisplayName(row.firstName, row.lastName),
    town: row.town,
    memberSince: new Date(row.joinedAt).toISOString(),
    completedTrades: Number(row.completedTrades),
    rating: rating > 0 ? rating : NEW_MEMBER_RATING_LABEL,
    avatarUrl: row.avatarUrl,
    avatarThumbnailUrl: thumbnailFor(row.avatarUrl),
    welcomeMessage: row.welcomeMessage,
  };
}

/** GET /members: one page of public members, in name order, and how many there are in all. */
export async function memberDirectory(
  db: DbOrTx,
  query: MemberDirectoryQuery,
): Promise<{ members: MemberCard[]; total: number }> {
  const [rows, total] = await Promise.all([directoryRows(db, query), directoryTotal(db, query)]);
  return { members: rows.map(toMemberCard), total };
}

/**
 * GET /members/{id}: the card's facts, about me, achievements, the puzzles on offer and the
 * visible feedback received. A private page is 404 to all but its owner and administrators.
 */
export async function memberPage(db: DbOrTx, memberId: number, viewer: Viewer, now = new Date()): Promise<MemberPage> {
  const row = await visibleMemberPageRow(db, memberId, viewer);
  const achievements = await memberAchievements(db, memberId);
  const activeListings = await activeListingsOf(db, memberId, viewer.id);
  const feedback = await feedbackReceived(db, memberId, now);
  const record = (await tradingRecords(db, [{ id: memberId, completedTrades: Number(row.completedTrades) }])).get(
    memberId,
  )!;
  return {
    ...toMemberCard(row),
    aboutMe: row.aboutMe,
    awayUntil: row.awayUntil ? new Date(row.awayUntil).toISOString() : null,
    record,
    isPrivate: !row.isProfilePublic,
    achievements,
    activeListings,
    feedback,
  };
}

/** The values that are given: a PATCH leaves alone what its body does not name. */
function named<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function toSettings(row: SettingsRow): MemberProfileSettings {
  return { ...row, avatarThumbnailUrl: thumbnailFor(row.avatarUrl) };
}

async function ownSettings(db: DbOrTx, memberId: number): Promise<SettingsRow> {
  const row = await settingsRow(db, memberId);
  // The session's member was deleted since the sign-in check.
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

/** GET /members/me/profile. */
export async function myProfileSettings(db: DbOrTx, memberId: number): Promise<MemberProfileSettings> {
  return toSettings(await ownSettings(db, memberId));
}

/**
 * PATCH /members/me/profile: what the body names changes, the rest stays. The avatar must be
 * a picture the club stored (POST /uploads), or the one the member already has.
 */
export async function updateMyProfileSettings(
  db: DbOrTx,
  memberId: number,
  patch: MemberProfilePatch,
  pictures: PictureStorage,
): Promise<MemberProfileSettings> {
  const current = await ownSettings(db, memberId);
  const errors: FieldError[] = [];
  const { avatarUrl, welcomeMessage, aboutMe, isProfilePublic, showLocation, textSize } = patch;
  if (avatarUrl && avatarUrl !== current.avatarUrl && !(await isStoredImage(pictures, avatarUrl))) {
    errors.push({ path: 'avatarUrl', message: AVATAR_NOT_UPLOADED_MESSAGE });
  }
  if (errors.length > 0) throw new AppError('VALIDATION', formatValidationErrors(errors), errors);

  await runInTransaction(db, async (tx) => {
    await upsertMemberProfile(
      tx,
      memberId,
      named({ avatarUrl, welcomeMessage, aboutMe, isProfilePublic, showLocation }),
    );
    await updateAccountSettings(tx, memberId, named({ textSize, publicProfile: isProfilePublic }));
  });
  return myProfileSettings(db, memberId);
}
