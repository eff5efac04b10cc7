// What posting a boxed puzzle costs (docs/product/near-me.md#postage): the parcel
// a listing may carry, the club's price table (the known setting trading.postagePrices) and
// the estimate read from it. Pure, so the listing form and the server reckon alike.

import { z } from 'zod';

export const PARCEL_WEIGHT_MAX_GRAMS = 30_000;
export const PARCEL_SIDE_MAX_CM = 200;

function wholeNumber(label: string, unit: string, max: number) {
  const message = `${label} must be a whole number of ${unit} from 1 to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });
}

/** The boxed puzzle as it would be posted: weight and the three sides of the box. */
export const parcelSchema = z.object({
  weightGrams: wholeNumber('Weight', 'grams', PARCEL_WEIGHT_MAX_GRAMS),
  lengthCm: wholeNumber('Length', 'centimetres', PARCEL_SIDE_MAX_CM),
  widthCm: wholeNumber('Width', 'centimetres', PARCEL_SIDE_MAX_CM),
  depthCm: wholeNumber('Depth', 'centimetres', PARCEL_SIDE_MAX_CM),
});
export type Parcel = z.output<typeof parcelSchema>;

export const PARCEL_INCOMPLETE_MESSAGE = 'Give the weight and all three sides of the box, or leave all four empty';

/**
 * A listing's parcel as the form sends it: four numbers, or none (four empty boxes, or null,
 * which clear it). Some but not all is refused.
 */
export const parcelInputSchema = z
  .object({
    weightGrams: parcelSchema.shape.weightGrams.optional(),
    lengthCm: parcelSchema.shape.lengthCm.optional(),
    widthCm: parcelSchema.shape.widthCm.optional(),
    depthCm: parcelSchema.shape.depthCm.optional(),
  })
  .nullish()
  .transform((p) => (p && Object.values(p).some((v) => v !== undefined) ? p : p === undefined ? undefined : null))
  .refine((p) => !p || parcelSchema.safeParse(p).success, { error: PARCEL_INCOMPLETE_MESSAGE })
  .transform((p) => p as Parcel | null | undefined);

/** GET /api/postage/estimate's query: the parcel's four numbers as query text. */
export const postageEstimateQuerySchema = z.object({
  weightGrams: z.coerce.number({ error: 'Weight must be a number' }).pipe(parcelSchema.shape.weightGrams),
  lengthCm: z.coerce.number({ error: 'Length must be a number' }).pipe(parcelSchema.shape.lengthCm),
  widthCm: z.coerce.number({ error: 'Width must be a number' }).pipe(parcelSchema.shape.widthCm),
  depthCm: z.coerce.number({ error: 'Depth must be a number' }).pipe(parcelSchema.shape.depthCm),
});

/**
 * One row of the price table: a service ('Second class') for a format ('Small parcel') up to
 * a weight, within a size, at a price. A format with weight steps has a row per step.
 */
const priceRowSchema = z.object({
  service: z
    .string({ error: 'Each row needs a service name' })
    .trim()
    .min(1, { error: 'Each row needs a service name' })
    .max(60),
  format: z
    .string({ error: 'Each row needs a format name' })
    .trim()
    .min(1, { error: 'Each row needs a format name' })
    .max(60),
  maxWeightGrams: wholeNumber('maxWeightGrams', 'grams', 100_000),
  maxLengthCm: wholeNumber('maxLengthCm', 'centimetres', 1000),
  maxWidthCm: wholeNumber('maxWidthCm', 'centimetres', 1000),
  maxDepthCm: wholeNumber('maxDepthCm', 'centimetres', 1000),
  pricePence: wholeNumber('pricePence', 'pence', 100_000),
});

export const POSTAGE_PRICES_MESSAGE =
  'Postage prices must be {"asOf": "YYYY-MM-DD", "source": "...", "services": [{"service", "format", "maxWeightGrams", "maxLengthCm", "maxWidthCm", "maxDepthCm", "pricePence"}, ...]}';

export const postagePricesSchema = z.object(
  {
    asOf: z.iso.date({ error: 'Postage prices: asOf must be a date such as 2025-04-07' }),
    source: z.string({ error: 'Postage prices: source must say where the prices come from' }).trim().min(1).max(200),
    services: z
      .array(priceRowSchema, { error: POSTAGE_PRICES_MESSAGE })
      .min(1, { error: 'Postage prices: list at least one service' })
      .max(200, { error: 'Postage prices: at most 200 rows' }),
  },
  { error: POSTAGE_PRICES_MESSAGE },
);
export type PostagePrices = z.output<typeof postagePricesSchema>;

const row = (
  service: string,
  format: string,
  maxWeightGrams: number,
  [maxLengthCm, maxWidthCm, maxDepthCm]: [number, number, number],
  pricePence: number,
) => ({ service, format, maxWeightGrams, maxLengthCm, maxWidthCm, maxDepthCm, pricePence });

// Royal Mail's letter is 24 x 16.5 x 0.5 cm; the table holds whole centimetres (no boxed
// puzzle is ever a letter, so the rounding changes no estimate).
const LETTER: [number, number, number] = [24, 16, 1];
const LARGE_LETTER: [number, number, number] = [35, 25, 3];
const SMALL_PARCEL: [number, number, number] = [45, 35, 16];
const MEDIUM_PARCEL: [number, number, number] = [61, 46, 46];

/**
 * The default table: Royal Mail's stamp prices for the UK from 7 April 2025 (the 2025/26
 * list), by format and weight step. An administrator replaces it when the prices change.
 */
export const DEFAULT_POSTAGE_PRICES: PostagePrices = {
  asOf: '2025-04-07',
  source: 'Royal Mail UK stamp prices from 7 April 2025',
  services: [
    row('Second class', 'Letter', 100, LETTER, 87),
    row('First class', 'Letter', 100, LETTER, 170),
    row('Second class', 'Large letter', 100, LARGE_LETTER, 155),
    row('Second class', 'Large letter', 250, LARGE_LETTER, 210),
    row('Second class', 'Large letter', 500, LARGE_LETTER, 260),
    row('Second class', 'Large letter', 750, LARGE_LETTER, 310),
    row('First class', 'Large letter', 100, LARGE_LETTER, 260),
    row('First class', 'Large letter', 250, LARGE_LETTER, 305),
    row('First class', 'Large letter', 500, LARGE_LETTER, 355),
    row('First class', 'Large letter', 750, LARGE_LETTER, 420),
    row('Second class', 'Small parcel', 2000, SMALL_PARCEL, 339),
    row('First class', 'Small parcel', 2000, SMALL_PARCEL, 499),
    row('Second class', 'Medium parcel', 2000, MEDIUM_PARCEL, 539),
    row('Second class', 'Medium parcel', 10000, MEDIUM_PARCEL, 749),
    row('Second class', 'Medium parcel', 20000, MEDIUM_PARCEL, 1099),
    row('First class', 'Medium parcel', 2000, MEDIUM_PARCEL, 719),
    row('First class', 'Medium parcel', 10000, MEDIUM_PARCEL, 999),
    row('First class', 'Medium parcel', 20000, MEDIUM_PARCEL, 1549),
  ],
};

export type PostageOption = { service: string; format: string; pricePence: number };

export const postageEstimateSchema = z
  .object({
    options: z.array(z.object({ service: z.string(), format: z.string(), pricePence: z.number() })),
    /** The price list's date. */
    asOf: z.string(),
    /** Only when no service takes the parcel. */
    message: z.string().optional(),
  })
  .meta({ id: 'PostageEstimate' });
export type PostageEstimate = z.output<typeof postageEstimateSchema>;

export const TOO_BIG_TO_POST_MESSAGE = 'This parcel is too big or too heavy for every service in the price list';

const sidesDescending = (sides: number[]) => [...sides].sort((a, b) => b - a);

/**
 * Every service and format that takes the parcel, at its lowest weight step that does, cheapest
 * first. The box may be turned any way: its sides are compared longest to longest.
 */
export function estimatePostage(parcel: Parcel, prices: PostagePrices): PostageEstimate {
  const box = sidesDescending([parcel.lengthCm, parcel.widthCm, parcel.depthCm]);
  const best = new Map<string, PostageOption>();
  for (const r of prices.services) {
    const limit = sidesDescending([r.maxLengthCm, r.maxWidthCm, r.maxDepthCm]);
    if (parcel.weightGrams > r.maxWeightGrams || box.some((side, i) => side > limit[i]!)) continue;
    const key = `${r.service}\u0000${r.format}`;
    const seen = best.get(key);
    if (!seen || r.pricePence < seen.pricePence) {
      best.set(key, { service: r.service, format: r.format, pricePence: r.pricePence });
    }
  }
  const options = [...best.values()].sort(
    (a, b) => a.pricePence - b.pricePence || a.service.localeCompare(b.service) || a.format.localeCompare(b.format),
  );
  return { options, asOf: prices.asOf, ...(options.length === 0 && { message: TOO_BIG_TO_POST_MESSAGE }) };
}

/** '£3.39' */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** 'Posting this will cost you about £3.39 (second class, small parcel)' */
export function postageSentence(option: PostageOption): string {
  return `Posting this will cost you about ${formatPence(option.pricePence)} (${option.service.toLowerCase()}, ${option.format.toLowerCase()})`;
}
