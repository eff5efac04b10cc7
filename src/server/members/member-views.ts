import { isSuspended, memberStatus } from '../../domain/admin';
import { awayNotOver } from '../../domain/trust';
import {
  memberDisplayName,
  memberFullName,
  type MemberAdmin,
  type MemberPublic,
  type MemberSelf,
  type MemberTradePartner,
  type PostalAddress,
} from '../../domain/members';
import type { User } from '../db/schema';

// The three member views of src/domain/members.ts, built from a row by naming each field.
// Nothing here spreads a row: a column added to `users` appears in no answer until a view
// names it (and the response schemas strip anything else on the way out).

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The signed-in member's own account. */
export function toMemberSelf(row: User): MemberSelf {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    phone: row.phone,
    ...addressOf(row),
    preferredDifficulty: row.preferredDifficulty,
    conditionPreference: row.conditionPreference,
    minPieceCount: row.minPieceCount,
    maxPieceCount: row.maxPieceCount,
    preferredManufacturers: row.preferredManufacturers,
    puzzlePoints: row.puzzlePoints,
    profileCompleted: row.profileCompleted,
    hasSeenWelcomeGift: row.hasSeenWelcomeGift,
    isAdmin: row.isAdmin,
    bio: row.bio,
    publicProfile: row.publicProfile,
    tradingReputation: row.tradingReputation,
    completedTrades: row.completedTrades,
    textSize: row.textSize,
    // A holiday that is over reads as none: it ended by itself.
    awayFrom: awayNotOver(row) ? iso(row.awayFrom) : null,
    awayUntil: awayNotOver(row) ? iso(row.awayUntil) : null,
    joinedAt: row.joinedAt.toISOString(),
    lastActiveAt: iso(row.lastActiveAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member as an administrator sees them; the suspension only while it is in force at `now`. */
export function toMemberAdmin(row: User, now: Date = new Date()): MemberAdmin {
  return {
    id: row.id,
    name: memberDisplayName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isAdmin: row.isAdmin,
    puzzlePoints: row.puzzlePoints,
    hasSeenWelcomeGift: row.hasSeenWelcomeGift,
    profileCompleted: row.profileCompleted,
    completedTrades: row.completedTrades,
    joinedAt: row.joinedAt.toISOString(),
    lastActiveAt: iso(row.lastActiveAt),
    suspension:
      row.suspendedAt && isSuspended(row, now)
        ? { since: row.suspendedAt.toISOString(), until: iso(row.suspendedUntil), reason: row.suspensionReason ?? '' }
        : null,
    status: memberStatus(row, now),
  };
}

type Names = { firstName: string | null; lastName: string | null };

type Address = Pick<User, 'line_1' | 'line_2' | 'locality' | 'town_or_city' | 'county' | 'postcode' | 'country'>;

function addressOf(row: Address): Address {
  return {
    line_1: row.line_1,
    line_2: row.line_2,
    locality: row.locality,
    town_or_city: row.town_or_city,
    county: row.county,
    postcode: row.postcode,
    country: row.country,
  };
}

/** Any other member: id and 'Margaret H.'. */
export function toMemberPublic(row: Names & { id: number }): MemberPublic {
  return { id: row.id, name: memberDisplayName(row.firstName, row.lastName) };
}

export type AddressColumns = Names & Address;

/** The postal address of a member, with the full name a parcel needs. */
export function toPostalAddress(row: AddressColumns): PostalAddress {
  return { fullName: memberFullName(row.firstName, row.lastName), ...addressOf(row) };
}

/** The other member of a trade: their address only when `addressVisible` (the trade needs it now). */
export function toTradePartner(row: AddressColumns & { id: number }, addressVisible: boolean): MemberTradePartner {
  return { ...toMemberPublic(row), address: addressVisible ? toPostalAddress(row) : null };
}
