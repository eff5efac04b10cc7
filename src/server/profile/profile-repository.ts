import { and, eq, inArray } from 'drizzle-orm';
import { PROFILE_MAX_PIECES_DEFAULT, PROFILE_MIN_PIECES_DEFAULT } from '../../domain/constants';
import { AppError, formatValidationErrors, type FieldError } from '../../domain/errors';
import { memberDisplayName } from '../../domain/members';
import {
  DEFAULT_COUNTRY,
  isProfileComplete,
  keepDetailsMessage,
  missingForTrading,
  PIECE_RANGE_MESSAGE,
  type ProfileUpdate,
} from '../../domain/profile';
import type { DbOrTx } from '../db/client';
import { puzzleListings, tradeRequests, users, type User } from '../db/schema';
import { isKnownCountry } from '../../domain/countries';
import { findUnknownManufacturerIds } from '../manufacturers/manufacturers-service';
import { UK_POSTCODE, UK_POSTCODE_MESSAGE } from './address-lookup';

export const COUNTRY_NOT_LISTED_MESSAGE = 'Please choose a country from the list';

/**
 * PATCH /api/profile saves the whole profile form (docs/decisions/0005-profile-updates.md).
 *
 * The client always sends the full form, but by the form's sending rule (docs/product/screens.md#profile) it leaves out
 * every blank value. So a field that is not sent is a field the member emptied, and it is
 * cleared (text) or reset to its default (country, preferences, piece range, manufacturers).
 * Reading "not sent" as "unchanged" would make it impossible ever to remove a phone number
 * or a second address line.
 */
export function profileColumns(update: ProfileUpdate) {
  return {
    firstName: update.firstName,
    lastName: update.lastName,
    phone: update.phone ?? null,
    country: update.country ?? DEFAULT_COUNTRY,
    line_1: update.line_1 ?? null,
    line_2: update.line_2 ?? null,
    locality: update.locality ?? null,
    town_or_city: update.town_or_city ?? null,
    county: update.county ?? null,
    postcode: update.postcode ?? null,
    preferredDifficulty: update.preferredDifficulty ?? 'any',
    conditionPreference: update.conditionPreference ?? 'any',
    // The form's own fallbacks for an emptied piece-count input (docs/product/screens.md#profile).
    minPieceCount: update.minPieceCount ?? PROFILE_MIN_PIECES_DEFAULT,
    maxPieceCount: update.maxPieceCount ?? PROFILE_MAX_PIECES_DEFAULT,
    preferredManufacturers: update.preferredManufacturers ?? [],
  };
}

async function storedCountry(db: DbOrTx, memberId: number): Promise<string | null> {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, memberId));
  return row?.country ?? null;
}

function validationFailure(errors: FieldError[]): AppError {
  return new AppError('VALIDATION', formatValidationErrors(errors), errors);
}

/**
 * Saves the member's own profile and returns the updated row. profileCompleted is always
 * computed here from the rule of docs/product/members.md#a-complete-profile, never taken from the client.
 */
export async function updateOwnProfile(db: DbOrTx, memberId: number, update: ProfileUpdate): Promise<User> {
  const values = profileColumns(update);

  // The domain schema compares the two counts only when both are sent; with a default filled
  // in (say min 6000 sent, max emptied to 5000) the pair must still make sense.
  if (values.minPieceCount > values.maxPieceCount) {
    throw validationFailure([{ path: 'maxPieceCount', message: PIECE_RANGE_MESSAGE }]);
  }

  // The address is where puzzles are posted, and a complete one lets the member trade: the
  // country must be one of the list (or the one already stored, from before the list), and a
  // UK address needs a real postcode.
  const addressErrors: FieldError[] = [];
  if (!isKnownCountry(values.country) && values.country !== (await storedCountry(db, memberId))) {
    addressErrors.push({ path: 'country', message: COUNTRY_NOT_LISTED_MESSAGE });
  }
  if (values.country === DEFAULT_COUNTRY && values.postcode !== null && !UK_POSTCODE.test(values.postcode)) {
    addressErrors.push({ path: 'postcode', message: UK_POSTCODE_MESSAGE });
  }
  if (addressErrors.length > 0) throw validationFailure(addressErrors);

  // A member waiting for a puzzle keeps what their request needed until it has been posted:
  // the owner sees the address when they accept, and posts to it.
  const missing = missingForTrading(values);
  if (missing.length > 0) {
    const waiting = await puzzleToBePosted(db, memberId);
    if (waiting) {
      const message = keepDetailsMessage(waiting.title, memberDisplayName(waiting.firstName, waiting.lastName));
      throw validationFailure(missing.map((path) => ({ path, message })));
    }
  }

  const unknown = await findUnknownManufacturerIds(db, values.preferredManufacturers);
  if (unknown.length > 0) {
    throw validationFailure([
      {
        path: 'preferredManufacturers',
        message: `Unknown manufacturer${unknown.length > 1 ? 's' : ''} (id ${unknown.join(', ')}). Please choose from the list.`,
      },
    ]);
  }

  const [row] = await db
    .update(users)
    .set({ ...values, profileCompleted: isProfileComplete(values) })
    .where(eq(users.id, memberId))
    .returning();
  // The session's member was deleted between sign-in check and update.
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

/** A puzzle the member asked for that is still to be posted to them (requested or accepted), if any. */
async function puzzleToBePosted(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({ title: puzzleListings.title, firstName: users.firstName, lastName: users.lastName })
    .from(tradeRequests)
    .innerJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
    .innerJoin(users, eq(users.id, tradeRequests.ownerId))
    .where(and(eq(tradeRequests.requesterId, memberId), inArray(tradeRequests.status, ['pending', 'accepted'])))
    .limit(1);
  return row ?? null;
}

/** 'I am away' (docs/product/trust.md#away): both instants, or both null to end it. Answers the row. */
export async function setAwayColumns(
  db: DbOrTx,
  memberId: number,
  away: { from: Date; until: Date } | null,
  now: Date,
): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ awayFrom: away?.from ?? null, awayUntil: away?.until ?? null, updatedAt: now })
    .where(eq(users.id, memberId))
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}
