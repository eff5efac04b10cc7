// The profile form (docs/product/members.md#profile-and-address) and the PATCH /api/profile body, plus the rules for
// what "complete" means and what the form sends.

import { z } from 'zod';
import { CONDITION_PREFERENCES, PREFERRED_DIFFICULTIES } from './enums';
import type { ConditionPreference, PreferredDifficulty } from './enums';
import {
  PROFILE_MAX_PIECES_DEFAULT,
  PROFILE_MIN_PIECES_DEFAULT,
  PROFILE_PIECES_MAX,
  PROFILE_PIECES_MIN,
} from './constants';
import { idField, optionalText, requiredText, textField } from './fields';
import { normalizePostcode } from './postcode';

// The postcode's pattern and words, in a file without Zod (near.ts needs them on browse's cards).
export * from './postcode';

export const DEFAULT_COUNTRY = 'United Kingdom';

const pieceCount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    // The product puts the floor at 100 even though the inputs start at 50; we follow the rule.
    .min(PROFILE_PIECES_MIN, { error: `${label} must be at least ${PROFILE_PIECES_MIN}` })
    .max(PROFILE_PIECES_MAX, { error: `${label} cannot be more than ${PROFILE_PIECES_MAX}` })
    .optional();

export const PIECE_RANGE_MESSAGE = 'Maximum pieces must not be less than minimum pieces';

// Unknown keys (email, puzzlePoints, isAdmin...) are stripped, so a member cannot set them.
export const profileUpdateSchema = z
  .object({
    firstName: requiredText('First name', 50, 'First name is required'),
    lastName: requiredText('Last name', 50, 'Last name is required'),
    phone: optionalText('Phone number', 30),
    country: optionalText('Country', 100),
    line_1: optionalText('Address line 1', 100),
    line_2: optionalText('Address line 2', 100),
    locality: optionalText('Locality', 100),
    town_or_city: optionalText('Town or city', 100),
    county: optionalText('County', 100),
    postcode: textField('Postcode')
      .overwrite(normalizePostcode)
      .max(16, { error: 'Postcode must be at most 16 characters' })
      .nullish()
      .transform((value) => (value === '' ? null : value)),
    preferredDifficulty: z.enum(PREFERRED_DIFFICULTIES, { error: 'Choose a preferred difficulty' }).optional(),
    conditionPreference: z.enum(CONDITION_PREFERENCES, { error: 'Choose a condition preference' }).optional(),
    minPieceCount: pieceCount('Minimum pieces'),
    maxPieceCount: pieceCount('Maximum pieces'),
    preferredManufacturers: z
      .array(idField('Manufacturer', 'Manufacturer must be a number'), {
        error: 'Preferred manufacturers must be a list',
      })
      .max(100, { error: 'Choose at most 100 manufacturers' })
      .overwrite((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine((p) => p.minPieceCount === undefined || p.maxPieceCount === undefined || p.minPieceCount <= p.maxPieceCount, {
    error: PIECE_RANGE_MESSAGE,
    path: ['maxPieceCount'],
  });
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

// What the profile form holds before sending: text inputs are strings, possibly blank.
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone?: string | null;
  country?: string | null;
  line_1?: string | null;
  line_2?: string | null;
  locality?: string | null;
  town_or_city?: string | null;
  county?: string | null;
  postcode?: string | null;
  preferredDifficulty?: PreferredDifficulty | '' | null;
  conditionPreference?: ConditionPreference | '' | null;
  minPieceCount?: number | null;
  maxPieceCount?: number | null;
  preferredManufacturers?: number[] | null;
}

export type ProfilePayload = {
  firstName: string;
  lastName: string;
  phone?: string;
  country?: string;
  line_1?: string;
  line_2?: string;
  locality?: string;
  town_or_city?: string;
  county?: string;
  postcode?: string;
  preferredDifficulty?: PreferredDifficulty;
  conditionPreference?: ConditionPreference;
  minPieceCount?: number;
  maxPieceCount?: number;
  preferredManufacturers?: number[];
};

const OPTIONAL_TEXT_KEYS = [
  'phone',
  'country',
  'line_1',
  'line_2',
  'locality',
  'town_or_city',
  'county',
  'postcode',
] as const;

// The form's sending rule (docs/product/screens.md#profile): strings trimmed, blanks left out, names always sent,
// numbers and non-empty lists kept.
export function toProfilePayload(values: ProfileFormValues): ProfilePayload {
  const payload: ProfilePayload = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  for (const key of OPTIONAL_TEXT_KEYS) {
    const text = values[key]?.trim();
    if (text) payload[key] = key === 'postcode' ? normalizePostcode(text) : text;
  }
  if (values.preferredDifficulty) payload.preferredDifficulty = values.preferredDifficulty;
  if (values.conditionPreference) payload.conditionPreference = values.conditionPreference;
  if (isNumber(values.minPieceCount)) payload.minPieceCount = values.minPieceCount;
  if (isNumber(values.maxPieceCount)) payload.maxPieceCount = values.maxPieceCount;
  if (values.preferredManufacturers && values.preferredManufacturers.length > 0) {
    payload.preferredManufacturers = [...values.preferredManufacturers];
  }
  return payload;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// An emptied piece-count input falls back to the profile defaults (100 / 5000).
export function pieceCountOrDefault(value: number | string | null | undefined, bound: 'min' | 'max'): number {
  const fallback = bound === 'min' ? PROFILE_MIN_PIECES_DEFAULT : PROFILE_MAX_PIECES_DEFAULT;
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string' && value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export interface ProfileCompletenessFields {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  line_1?: string | null;
  town_or_city?: string | null;
  country?: string | null;
  postcode?: string | null;
}

const REQUIRED_FOR_TRADING = [
  'firstName',
  'lastName',
  'phone',
  'line_1',
  'town_or_city',
  'country',
  'postcode',
] as const;

// docs/product/members.md#a-complete-profile: what a member needs before requesting puzzles.
export function isProfileComplete(user: ProfileCompletenessFields): boolean {
  return missingForTrading(user).length === 0;
}

/** The fields of that rule the member has left empty. */
export function missingForTrading(user: ProfileCompletenessFields): Array<(typeof REQUIRED_FOR_TRADING)[number]> {
  return REQUIRED_FOR_TRADING.filter((key) => (user[key] ?? '').trim() === '');
}

/** Refusal for emptying them while a puzzle the member asked for is still to be posted to them. */
export const keepDetailsMessage = (title: string, ownerName: string) =>
  `Please keep this until "${title}" has been posted to you: ${ownerName} needs your details to send it.`;

// ---------------------------------------------------------------------------------------
// Answers (PATCH /api/profile answers the member's own account: memberSelfSchema)

/** One address the postcode lookup found (docs/product/members.md#profile-and-address). */
export const addressSuggestionSchema = z.object({
  formatted_address: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  locality: z.string(),
  town_or_city: z.string(),
  county: z.string(),
});
export type AddressSuggestion = z.output<typeof addressSuggestionSchema>;

export const addressLookupSchema = z.object({ addresses: z.array(addressSuggestionSchema) });
