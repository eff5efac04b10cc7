// Wanted (docs/product/wanted.md): saved searches, wish lists and first offers. The schemas of
// the calls, the product's words, and the rules both sides need: the saved query is browse's
// own filters, a listing matches a saved search by browse's rule (matchesBrowseFilters), and
// a saved search's key / a listing's keys let publishing read only the searches it may match.
import { z } from 'zod';
import { LISTING_PIECES_MAX, LISTING_TITLE_MAX, SAVED_SEARCHES_MAX, WISHES_MAX, YEAR_GROUPS } from './constants';
import { idField, idQueryField, requiredText, textField } from './fields';
import { searchForms } from './forgiving-search';
import { browseQuerySchema, searchedTexts, yearGroupRange, type BrowsableListing, type BrowseFilters } from './browse';

import { SAVED_SEARCH_ALERTS } from './wanted-words';

// The words the Wanted page draws with, in a file without Zod (the page loads no schema).
export * from './wanted-words';

/** open: held for the member; the rest are how it ended. */
export const WISH_OFFER_STATUSES = ['open', 'requested', 'passed', 'expired', 'withdrawn'] as const;
export type WishOfferStatus = (typeof WISH_OFFER_STATUSES)[number];

export const SAVED_SEARCH_NAME_MAX = 60;
export const NO_FILTER_MESSAGE = 'Choose at least one filter to save';
export const SAVED_SEARCHES_FULL_MESSAGE = `You can keep up to ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`;
export const WISHES_FULL_MESSAGE = `You can keep up to ${WISHES_MAX} puzzles on your wish list. Remove one to add another.`;
export const WISH_DUPLICATE_MESSAGE = 'It is already on your wish list';
export const NOT_OFFERED_MESSAGE = 'This puzzle is not being offered to you.';

/** The refusal of anyone else's request while a puzzle is held (`from`: the day and time, in words). */
export function heldRefusalMessage(from: string): string {
  return `This puzzle is being offered first to a member who asked for it. Anyone can request it from ${from}.`;
}

// ---------------------------------------------------------------------------------------
// Saved searches

/** Browse's filters, browse's names and meanings: whatever browse gains comes along. */
const filtersSchema = browseQuerySchema.omit({ sort: true, page: true, pageSize: true });

/** A saved query as kept and answered: browse's query parameters ('manufacturerId': '12'). */
export type SavedSearchQuery = Record<string, string>;

/** Keys that narrow nothing by themselves (a distance needs a place). */
const NOT_A_FILTER = new Set(['maxDistance']);

/** The parsed filters as browse's query parameters, leaving out what is not set. */
function filtersToParams(filters: Record<string, unknown>): SavedSearchQuery {
  const out: SavedSearchQuery = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === false) continue;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  }
  return out;
}

/** `query` of a saved search: browse's filters (strings or numbers), kept as browse's parameters. */
export const savedSearchQuerySchema = z
  .record(z.string(), z.unknown(), { error: 'Query must be an object of browse filters' })
  .pipe(filtersSchema)
  .transform((filters) => filtersToParams(filters))
  .refine((params) => Object.keys(params).some((key) => !NOT_A_FILTER.has(key)), { error: NO_FILTER_MESSAGE });

/** A kept query read back as browse's filters. */
export function savedSearchFilters(query: SavedSearchQuery): BrowseFilters {
  const parsed = filtersSchema.safeParse(query);
  // A query kept before a filter changed its meaning matches nothing rather than everything.
  return parsed.success ? (parsed.data as BrowseFilters) : { q: '\u0000' };
}

const nameField = requiredText('Name', SAVED_SEARCH_NAME_MAX, 'Name is required');
const alertField = z.enum(SAVED_SEARCH_ALERTS, { error: 'Alert must be instant, daily, weekly or off' });

export const savedSearchCreateSchema = z.object({
  name: nameField.optional(),
  query: savedSearchQuerySchema,
  alert: alertField.optional(),
});
export type SavedSearchCreate = z.output<typeof savedSearchCreateSchema>;

export const savedSearchPatchSchema = z.object({
  name: nameField.optional(),
  query: savedSearchQuerySchema.optional(),
  alert: alertField.optional(),
});
export type SavedSearchPatch = z.output<typeof savedSearchPatchSchema>;

export const savedSearchViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    query: z.record(z.string(), z.string()),
    alert: z.enum(SAVED_SEARCH_ALERTS),
    createdAt: z.string(),
    /** Active listings that matched since the member last opened the search. */
    newMatches: z.number(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearchView = z.output<typeof savedSearchViewSchema>;

export const savedSearchMatchesQuerySchema = z.object({
  page: browseQuerySchema.shape.page,
});

const CONDITION_WORDS: Record<string, string> = {
  new: 'new',
  like_new: 'like new',
  very_good: 'very good',
  good: 'good',
  fair: 'fair',
};

/** A name made from the filters, when the member gives none ('“cottage”, Ravensburger, hard'). */
export function savedSearchName(filters: BrowseFilters, manufacturerName: string | null): string {
  const f = filters;
  const parts: string[] = [];
  if (f.q) parts.push(`“${f.q.trim()}”`);
  if (manufacturerName) parts.push(manufacturerName);
  if (f.artist) parts.push(`by ${f.artist.trim()}`);
  if (f.difficulty) parts.push(f.difficulty);
  if (f.condition) parts.push(CONDITION_WORDS[f.condition] ?? f.condition);
  if (f.minPieces !== undefined && f.maxPieces !== undefined) parts.push(`${f.minPieces}–${f.maxPieces} pieces`);
  else if (f.minPieces !== undefined) parts.push(`${f.minPieces}+ pieces`);
  else if (f.maxPieces !== undefined) parts.push(`up to ${f.maxPieces} pieces`);
  if (f.year !== undefined) parts.push(typeof f.year === 'number' ? `made in ${f.year}` : f.year);
  if (f.minPoints !== undefined || f.maxPoints !== undefined) {
    parts.push(`${f.minPoints ?? 0}–${f.maxPoints ?? 'any'} points`);
  }
  if (f.completeOnly) parts.push('complete');
  if (f.location) parts.push(`near ${f.location.trim()}`);
  const name = parts.join(', ') || 'My search';
  return name.length <= SAVED_SEARCH_NAME_MAX ? name : `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…`;
}

/** Every run of `n` characters of a lower-cased text. */
function grams(text: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= text.length; i += 1) out.push(text.slice(i, i + n));
  return out;
}

/** Runs of five characters are keyed as 't5:', of three as 't:' (five first: far fewer searches share one). */
const GRAM_SIZES = [5, 3] as const;
const gramKey = (gram: string) => (gram.length === 5 ? `t5:${gram}` : `t:${gram}`);

/** A run of five (else three) characters every form of the search contains, when there is one. */
function searchGram(q: string): string | null {
  const forms = searchForms(q).map((form) => form.toLowerCase());
  const first = forms[0] ?? '';
  // From the longest word: it is the likeliest to be rare.
  const words = first.split(/\s+/).sort((a, b) => b.length - a.length);
  for (const n of GRAM_SIZES) {
    for (const word of words) {
      for (const gram of grams(word, n)) if (forms.every((form) => form.includes(gram))) return gram;
    }
  }
  return null;
}

/**
 * The search's most selective required facet, as a key a listing going live looks up
 * (docs/decisions/0030-wanted.md): a listing can only match the search when the search's key
 * is among the listing's keys (listingMatchKeys). Maker first, then a run of three letters of
 * the search words or the artist (five if it has them), then the year, then difficulty and condition; '*' when only
 * ranges are set (those few are read for every listing).
 */
export function savedSearchKey(filters: BrowseFilters): string {
  const f = filters;
  if (f.manufacturerId !== undefined) return `m:${f.manufacturerId}`;
  const q = f.q?.trim() ? searchGram(f.q) : null;
  if (q) return gramKey(q);
  const artist = f.artist?.trim().toLowerCase() ?? '';
  if (artist.length >= 3) return gramKey(artist.slice(0, artist.length >= 5 ? 5 : 3));
  if (f.year !== undefined) return `y:${f.year}`;
  if (f.difficulty && f.condition) return `dc:${f.difficulty}:${f.condition}`;
  if (f.difficulty) return `d:${f.difficulty}`;
  if (f.condition) return `c:${f.condition}`;
  return '*';
}

/** Every key a saved search that this listing matches may have (a superset; the rule decides). */
export function listingMatchKeys(listing: BrowsableListing): string[] {
  const keys = new Set<string>(['*']);
  if (listing.manufacturerId != null) keys.add(`m:${listing.manufacturerId}`);
  for (const text of searchedTexts(listing)) {
    for (const n of GRAM_SIZES) for (const gram of grams((text ?? '').toLowerCase(), n)) keys.add(gramKey(gram));
  }
  const year = listing.yearOfManufacture;
  if (year != null) {
    keys.add(`y:${year}`);
    for (const group of YEAR_GROUPS) {
      const { min, max } = yearGroupRange(group);
      if ((min === undefined || year >= min) && (max === undefined || year <= max)) keys.add(`y:${group}`);
    }
  }
  if (listing.difficulty) keys.add(`d:${listing.difficulty}`);
  if (listing.condition) keys.add(`c:${listing.condition}`);
  if (listing.difficulty && listing.condition) keys.add(`dc:${listing.difficulty}:${listing.condition}`);
  return [...keys];
}

// ---------------------------------------------------------------------------------------
// Wish list

/**
 * A title as wishes and listings meet: equal ignoring case, accents, punctuation and spacing
 * ('The Old Mill!' and 'the old-mill' are one puzzle).
 */
export function puzzleTitleKey(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const key = plain.replace(/[^\p{L}\p{N}]+/gu, '');
  return key === '' ? plain.trim() : key;
}

/** Whether a wish is for this puzzle: the same title key, and the maker and pieces where the wish names them. */
export function wishMatchesListing(
  wish: { titleKey: string; manufacturerId: number | null; pieces: number | null },
  listing: { title: string; manufacturerId: number | null; pieces: number },
): boolean {
  return (
    wish.titleKey === puzzleTitleKey(listing.title) &&
    (wish.manufacturerId === null || wish.manufacturerId === listing.manufacturerId) &&
    (wish.pieces === null || wish.pieces === listing.pieces)
  );
}

const piecesField = z
  .number({ error: 'Pieces must be a number' })
  .int({ error: 'Pieces must be a whole number' })
  .min(1, { error: 'Pieces must be at least 1' })
  .max(LISTING_PIECES_MAX, { error: `Pieces cannot be more than ${LISTING_PIECES_MAX}` });

/** POST /wishes: a puzzle by title (maker and pieces optional), or the puzzle of a listing. */
export const wishCreateSchema = z.union(
  [
    z.object({ listingId: idField('Listing') }).strict(),
    z.object({
      title: requiredText('Title', LISTING_TITLE_MAX, 'Title is required'),
      manufacturerId: idField('Manufacturer').nullish(),
      pieces: piecesField.nullish(),
    }),
  ],
  { error: 'Send a title, or the listing of the puzzle' },
);
export type WishCreate = z.output<typeof wishCreateSchema>;

export const wishOfferSchema = z.object({ listingId: z.number(), until: z.string() });

export const wishViewSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    manufacturerId: z.number().nullable(),
    manufacturerName: z.string().nullable(),
    pieces: z.number().nullable(),
    createdAt: z.string(),
    /** Other members who asked for the same puzzle earlier and still wait. */
    ahead: z.number(),
    /** The listing held for this member now, and until when. */
    offer: wishOfferSchema.nullable(),
  })
  .meta({ id: 'Wish' });
export type WishView = z.output<typeof wishViewSchema>;

function optionalQueryInt(label: string, max: number) {
  const message = `${label} must be a whole number from 1 to ${max}`;
  return z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, { error: message })
      .transform(Number)
      .pipe(z.number().min(1, { error: message }).max(max, { error: message }))
      .optional(),
  );
}

/** GET /wishes/demand: the puzzle the listing form has so far. */
export const wishDemandQuerySchema = z.object({
  title: textField('Title')
    .trim()
    .min(1, { error: 'Title is required' })
    .max(LISTING_TITLE_MAX, {
      error: `Title must be at most ${LISTING_TITLE_MAX} characters`,
    }),
  manufacturerId: z.preprocess((v) => (v === '' ? undefined : v), idQueryField('Manufacturer').optional()),
  pieces: optionalQueryInt('Pieces', LISTING_PIECES_MAX),
});
export type WishDemandQuery = z.output<typeof wishDemandQuerySchema>;
export const wishDemandSchema = z.object({ waiting: z.number() });
