// The club's settings (docs/product/administration.md#settings, docs/api/admin.md): the known
// settings the app reads with their defaults and checks, and the bodies and answers of the
// admin settings calls.

import { z } from 'zod';
import { SETTING_CATEGORIES } from './enums';
import type { SettingCategory } from './enums';
import {
  MISSING_PIECE_REFUND_PERCENT,
  NEW_TRADER_OPEN_REQUESTS,
  ON_TIME_SHIPPING_DAYS,
  SHIP_WITHIN_DAYS,
  TRADE_AUTO_COMPLETE_DAYS,
  TRADE_PENDING_EXPIRY_DAYS,
  FIRST_OFFER_HOURS,
  MAX_OFFERS_PER_LISTING,
} from './constants';
import {
  controlCharactersMessage,
  jsonWithinDepth,
  jsonWithoutControlCharacters,
  optionalText,
  requiredText,
} from './fields';
import { DEFAULT_POSTAGE_PRICES, postagePricesSchema, type PostagePrices } from './postage';

// Settings (GET|POST /admin/settings, DELETE /admin/settings/{id})

export const SETTING_VALUE_REQUIRED_MESSAGE = 'Value is required';
export const SETTING_VALUE_JSON_MESSAGE = 'Value must be valid JSON';
export const SETTING_EXISTS_MESSAGE = 'A setting with this category and key already exists';
/** How deep a setting's value may nest arrays and objects (decision 0027): deeper ones broke the list. */
export const SETTING_VALUE_MAX_DEPTH = 20;
export const SETTING_VALUE_DEPTH_MESSAGE = `Value must not nest lists and objects more than ${SETTING_VALUE_MAX_DEPTH} levels deep`;

/**
 * A setting's value: already parsed (the form turns its text into JSON with parseSettingValue
 * first). The presence check comes first because z.json() alone reports a bare 'Invalid
 * input', and the depth check before z.json(), whose walk is recursive.
 */
const settingValueSchema = z
  .unknown()
  .refine((value) => value !== undefined, { error: SETTING_VALUE_REQUIRED_MESSAGE, abort: true })
  .refine((value) => jsonWithinDepth(value, SETTING_VALUE_MAX_DEPTH), {
    error: SETTING_VALUE_DEPTH_MESSAGE,
    abort: true,
  })
  .pipe(z.json({ error: SETTING_VALUE_JSON_MESSAGE }))
  .refine(jsonWithoutControlCharacters, { error: controlCharactersMessage('Value') });

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A setting the app itself reads. Any other category and key may be stored too (the club's
 * free key/value store), but these are checked on save against their type, and read where
 * they are used each time (no restart: a change counts from the next use).
 */
export type KnownSetting<T = unknown> = {
  category: SettingCategory;
  key: string;
  /** What it changes, for the settings tab and docs/operations.md. */
  description: string;
  /** The type in words, as the refusal says it ('a whole number of days from 1 to 90'). */
  type: string;
  default: T;
  schema: z.ZodType<T>;
  /** The value in a few words, for the settings tab, when it is more than a number. */
  summary?(value: T): string;
};

function wholeDays(min: number, max: number) {
  return wholeNumber(min, max, 'days');
}

/** A whole number of `unit` from `min` to `max` ('a whole number of requests from 1 to 50'). */
function wholeNumber(min: number, max: number, unit: string) {
  const message = `Value must be a whole number of ${unit} from ${min} to ${max}`;
  return {
    type: `a whole number of ${unit} from ${min} to ${max}`,
    schema: z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  };
}

export const KNOWN_SETTINGS = {
  pendingRequestExpiryDays: {
    category: 'trading',
    key: 'pendingRequestExpiryDays',
    description: 'Days a request can wait for the owner before it expires (counted from when it is made).',
    default: TRADE_PENDING_EXPIRY_DAYS,
    ...wholeDays(1, 90),
  },
  shippedAutoCompleteDays: {
    category: 'trading',
    key: 'shippedAutoCompleteDays',
    description:
      'Days after the owner marks a puzzle as sent before the trade completes by itself, if nobody confirms or reports a problem.',
    default: TRADE_AUTO_COMPLETE_DAYS,
    ...wholeDays(1, 90),
  },
  // Wanted: first offers of a listing to the members who wished for it (docs/product/wanted.md#the-first-offer).
  firstOfferHours: {
    category: 'trading',
    key: 'firstOfferHours',
    description: 'Hours a newly listed puzzle is offered first to a member who wished for it, before the next in line.',
    default: FIRST_OFFER_HOURS,
    ...wholeNumber(1, 336, 'hours'),
  },
  maxOffersPerListing: {
    category: 'trading',
    key: 'maxOffersPerListing',
    description: 'How many members in turn are offered a puzzle first before it is open to everyone.',
    default: MAX_OFFERS_PER_LISTING,
    ...wholeNumber(0, 20, 'offers'),
  },
  // Trust between strangers (docs/product/trust.md).
  newTraderOpenRequests: {
    category: 'trading',
    key: 'newTraderOpenRequests',
    description:
      'Requests a member may have open at once until their first trade completes (waiting, accepted, sent or reported).',
    default: NEW_TRADER_OPEN_REQUESTS,
    ...wholeNumber(1, 50, 'requests'),
  },
  onTimeShippingDays: {
    category: 'trading',
    key: 'onTimeShippingDays',
    description:
      "Days after accepting within which a posted puzzle counts as 'posted on time' in the owner's trading record.",
    default: ON_TIME_SHIPPING_DAYS,
    ...wholeDays(1, 30),
  },
  shipWithinDays: {
    category: 'trading',
    key: 'shipWithinDays',
    description:
      'Days the owner has to mark an accepted puzzle as sent before the trade cancels itself and the points go back; the owner is reminded at half time.',
    default: SHIP_WITHIN_DAYS,
    ...wholeDays(2, 60),
  },
  missingPieceRefundPercent: {
    category: 'trading',
    key: 'missingPieceRefundPercent',
    description:
      'Percent of the cost that goes back to the member who asked when a puzzle arrives with more pieces missing than its listing said (rounded up).',
    default: MISSING_PIECE_REFUND_PERCENT,
    ...wholeNumber(0, 100, 'percent'),
  },
  // The listing form's and packing slip's postage estimate (docs/product/near-me.md#postage).
  postagePrices: {
    category: 'trading',
    key: 'postagePrices',
    description:
      'The postage price table the listing form and packing slip estimate from: each service and format with its weight and size limits and price in pence, and the date of the list.',
    type: 'a price table (asOf, source, services)',
    default: DEFAULT_POSTAGE_PRICES,
    schema: postagePricesSchema,
    summary(prices: PostagePrices): string {
      return `${prices.source} (${prices.services.length} prices, dated ${prices.asOf})`;
    },
  },
} as const satisfies Record<string, KnownSetting>;
export type KnownSettingName = keyof typeof KNOWN_SETTINGS;
/** The value a known setting holds (a number of days, the price table...). */
export type KnownSettingValue<N extends KnownSettingName> = z.output<(typeof KNOWN_SETTINGS)[N]['schema']>;

/** A known setting's value in words, for the settings tab. */
export function knownSettingText<T>(setting: KnownSetting<T>, value: T): string {
  return setting.summary ? setting.summary(value) : String(value);
}

/** The known setting stored under this category and key, if it is one. */
export function knownSetting(category: string, key: string): KnownSetting | undefined {
  return Object.values(KNOWN_SETTINGS).find((s) => s.category === category && s.key === key);
}

/** A stored value of a known setting, or its default when the stored one is missing or of the wrong type. */
export function knownSettingValue<T>(setting: KnownSetting<T>, stored: unknown): T {
  const parsed = setting.schema.safeParse(stored);
  return parsed.success ? parsed.data : setting.default;
}

export const settingSchema = z
  .object({
    category: z.enum(SETTING_CATEGORIES, {
      error: `Category must be one of: ${SETTING_CATEGORIES.join(', ')}`,
    }),
    key: requiredText('Key', 100, 'Key is required'),
    value: settingValueSchema,
    description: optionalText('Description', 500),
  })
  .superRefine((setting, ctx) => {
    // A setting the app reads must hold its type, or the app would fall back to the default
    // without anyone noticing.
    const known = knownSetting(setting.category, setting.key);
    // JSON null is no value (and the column cannot hold one: it answered 500). A setting the
    // app reads says its own type instead, below.
    if (setting.value === null && !known) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: SETTING_VALUE_REQUIRED_MESSAGE });
    }
    const checked = known?.schema.safeParse(setting.value);
    if (checked && !checked.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: checked.error.issues[0]!.message });
    }
  });
export type SettingBody = z.output<typeof settingSchema>;

export const NOTHING_TO_CHANGE_IN_SETTING_MESSAGE = 'Nothing to change: send a value or a description';

/**
 * PATCH /admin/settings/{id}: the value, the description or both, changed in place. A known
 * setting's value is checked against its type by the service (it knows the row's key).
 */
export const settingPatchSchema = z
  .object({
    value: settingValueSchema.optional(),
    description: optionalText('Description', 500),
  })
  .refine((body) => body.value !== undefined || body.description !== undefined, {
    error: NOTHING_TO_CHANGE_IN_SETTING_MESSAGE,
  });
export type SettingPatchBody = z.output<typeof settingPatchSchema>;

export type ParsedSettingValue = { ok: true; value: JsonValue } | { ok: false; error: string };

export function parseSettingValue(text: string): ParsedSettingValue {
  if (text.trim() === '') return { ok: false, error: SETTING_VALUE_REQUIRED_MESSAGE };
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false, error: SETTING_VALUE_JSON_MESSAGE };
  }
}

export const systemSettingSchema = z
  .object({
    id: z.number(),
    category: z.enum(SETTING_CATEGORIES),
    key: z.string(),
    value: z.json(),
    description: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SystemSetting' });
export type SystemSetting = z.output<typeof systemSettingSchema>;
