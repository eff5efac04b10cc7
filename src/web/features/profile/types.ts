import type { ConditionPreference, PreferredDifficulty } from '../../../domain/enums';
import { useMember, type CurrentUser } from '../../lib/current-user';

/**
 * The member as GET /api/auth/user and PATCH /api/profile answer it, with the profile fields
 * only this page reads. The shared CurrentUser names the fields the whole app uses; the
 * context holds the server's whole answer, so the rest are there to read.
 */
export interface ProfileMember extends CurrentUser {
  line_1?: string | null;
  line_2?: string | null;
  locality?: string | null;
  county?: string | null;
  preferredDifficulty?: PreferredDifficulty | null;
  conditionPreference?: ConditionPreference | null;
  minPieceCount?: number | null;
  maxPieceCount?: number | null;
  preferredManufacturers?: number[] | null;
}

/** The signed-in member with their profile fields (member-only page). */
export function useProfileMember(): ProfileMember {
  return useMember() as ProfileMember;
}

/** One address the postcode lookup found (spec section 3, Address lookup result). */
export interface AddressSuggestion {
  formatted_address: string;
  line_1: string;
  line_2: string;
  locality: string;
  town_or_city: string;
  county: string;
}

export interface Manufacturer {
  id: number;
  name: string;
}
