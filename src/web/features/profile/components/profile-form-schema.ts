import { z } from 'zod';
import { CONDITION_PREFERENCES, PREFERRED_DIFFICULTIES } from '../../../../domain/enums';
import type { ConditionPreference, PreferredDifficulty } from '../../../../domain/enums';
import { PROFILE_MAX_PIECES_DEFAULT, PROFILE_MIN_PIECES_DEFAULT } from '../../../../domain/constants';
import {
  DEFAULT_COUNTRY,
  pieceCountOrDefault,
  profileUpdateSchema,
  toProfilePayload,
  type ProfilePayload,
} from '../../../../domain/profile';
import type { MemberSelf } from '../../../../domain/members';

/** What the form's inputs hold: every text as typed, piece counts as the inputs' text. */
export interface ProfileFormState {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  line_1: string;
  line_2: string;
  locality: string;
  town_or_city: string;
  county: string;
  postcode: string;
  preferredDifficulty: PreferredDifficulty;
  conditionPreference: ConditionPreference;
  minPieceCount: string;
  maxPieceCount: string;
  preferredManufacturers: number[];
}

export const ADDRESS_FIELDS = ['line_1', 'line_2', 'locality', 'town_or_city', 'county', 'postcode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export function isUnitedKingdom(country: string): boolean {
  return country === DEFAULT_COUNTRY;
}

export function toFormState(member: MemberSelf): ProfileFormState {
  return {
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    phone: member.phone ?? '',
    country: member.country || DEFAULT_COUNTRY,
    line_1: member.line_1 ?? '',
    line_2: member.line_2 ?? '',
    locality: member.locality ?? '',
    town_or_city: member.town_or_city ?? '',
    county: member.county ?? '',
    postcode: member.postcode ?? '',
    preferredDifficulty: member.preferredDifficulty ?? 'any',
    conditionPreference: member.conditionPreference ?? 'any',
    minPieceCount: String(member.minPieceCount ?? PROFILE_MIN_PIECES_DEFAULT),
    maxPieceCount: String(member.maxPieceCount ?? PROFILE_MAX_PIECES_DEFAULT),
    preferredManufacturers: member.preferredManufacturers ?? [],
  };
}

/**
 * The PATCH /api/profile body: an emptied piece count falls back to 100 / 5000
 * (docs/product/screens.md#profile), then the domain's sending rule (trimmed, blanks left out, names always sent).
 */
export function toPayload(form: ProfileFormState): ProfilePayload {
  return toProfilePayload({
    ...form,
    minPieceCount: pieceCountOrDefault(form.minPieceCount, 'min'),
    maxPieceCount: pieceCountOrDefault(form.maxPieceCount, 'max'),
  });
}

const formStateSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  locality: z.string(),
  town_or_city: z.string(),
  county: z.string(),
  postcode: z.string(),
  preferredDifficulty: z.enum(PREFERRED_DIFFICULTIES),
  conditionPreference: z.enum(CONDITION_PREFERENCES),
  minPieceCount: z.string(),
  maxPieceCount: z.string(),
  preferredManufacturers: z.array(z.number()),
});

/**
 * The form is checked with the very schema the server uses, applied to what would be sent,
 * so the messages ('First name is required', the piece-count limits) are the server's own
 * and land under the field of the same name.
 */
export const profileFormSchema = formStateSchema
  .transform((form): z.input<typeof profileUpdateSchema> => toPayload(form))
  .pipe(profileUpdateSchema);
