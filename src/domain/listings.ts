// Puzzle listings: the create/edit schema (docs/product/listings.md#a-listing), status moves
// (listings.md#listing-states) and the answers. Browse's question, rule and order: browse.ts.

import { z } from 'zod';
import { DIMENSION_UNITS, HANDOVERS, LISTING_CONDITIONS, LISTING_DIFFICULTIES, LISTING_STATUSES } from './enums';
import type { ListingStatus } from './enums';
import { parcelInputSchema, parcelSchema } from './postage';
import {
  LISTING_ARTIST_MAX,
  LISTING_BARCODE_MAX,
  LISTING_DESCRIPTION_MAX,
  LISTING_PIECES_FORM_DEFAULT,
  LISTING_PIECES_MAX,
  LISTING_PIECES_MIN,
  LISTING_POINTS_FORM_DEFAULT,
  LISTING_POINTS_MAX,
  LISTING_POINTS_MIN,
  LISTING_POINTS_STANDARD,
  LISTING_SUBTITLE_MAX,
  LISTING_TITLE_MAX,
  LISTING_YEAR_MIN,
} from './constants';
import { idField, optionalText, requiredText, textField } from './fields';

// Read at parse time, not import time, so a long-running server crosses New Year correctly.
const currentYear = (): number => new Date().getFullYear();

// Uploaded images live under our own path; absolute http(s) URLs are allowed for seeded
// data. Anything else (javascript:, data:, protocol-relative) is refused.
const imageUrl = textField('Image', 'Image must be an uploaded image URL')
  .trim()
  .max(500, { error: 'Image URL must be at most 500 characters' })
  .refine((url) => /^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url), {
    error: 'Image must be an uploaded image URL',
  })
  .nullish();

export const LISTING_CREATE_STATUSES = ['draft', 'active'] as const;
export type ListingCreateStatus = (typeof LISTING_CREATE_STATUSES)[number];

export const listingInputSchema = z
  .object({
    title: requiredText('Title', LISTING_TITLE_MAX, 'Title is required'),
    subtitle: optionalText('Subtitle', LISTING_SUBTITLE_MAX),
    pieces: z
      .number({ error: 'Pieces must be a number' })
      .int({ error: 'Pieces must be a whole number' })
      .min(LISTING_PIECES_MIN, { error: 'Pieces must be at least 1' })
      .max(LISTING_PIECES_MAX, { error: `Pieces cannot be more than ${LISTING_PIECES_MAX}` }),
    dimensionValue: z
      .number({ error: 'Size must be a number' })
      .positive({ error: 'Size must be greater than 0' })
      .max(10000, { error: 'Size cannot be more than 10000' })
      .nullish(),
    dimensionUnit: z.enum(DIMENSION_UNITS, { error: 'Unit must be cm or inches' }).default('cm'),
    manufacturerId: idField('Manufacturer').nullish(),
    artist: optionalText('Artist', LISTING_ARTIST_MAX),
    difficulty: z.enum(LISTING_DIFFICULTIES, { error: 'Choose a difficulty' }).default('medium'),
    condition: z.enum(LISTING_CONDITIONS, { error: 'Condition is required' }),
    yearOfManufacture: z
      .number({ error: 'Year must be a number' })
      .int({ error: 'Year must be a whole number' })
      .min(LISTING_YEAR_MIN, { error: `Year must be ${LISTING_YEAR_MIN} or later` })
      .refine((year) => year <= currentYear(), {
        error: () => `Year cannot be later than ${currentYear()}`,
      })
      .nullish(),
    barcodeNumber: optionalText('Barcode', LISTING_BARCODE_MAX),
    description: optionalText('Description', LISTING_DESCRIPTION_MAX),
    puzzlePoints: z
      .number({ error: 'PuzzlePoints must be a number' })
      .int({ error: 'PuzzlePoints must be a whole number' })
      .min(LISTING_POINTS_MIN, { error: `PuzzlePoints must be at least ${LISTING_POINTS_MIN}` })
      .max(LISTING_POINTS_MAX, {
        error: `PuzzlePoints cannot be more than ${LISTING_POINTS_MAX}`,
      })
      .default(LISTING_POINTS_STANDARD),
    missingPieces: z
      .number({ error: 'Missing pieces must be a number' })
      .int({ error: 'Missing pieces must be a whole number' })
      .min(0, { error: 'Missing pieces cannot be negative' })
      .max(LISTING_PIECES_MAX, {
        error: `Missing pieces cannot be more than ${LISTING_PIECES_MAX}`,
      })
      .default(0),
    puzzleImageUrl: imageUrl,
    boxImageUrl: imageUrl,
    status: z.enum(LISTING_CREATE_STATUSES, { error: 'Status must be draft or active' }).default('draft'),
    handover: z.enum(HANDOVERS, { error: "Hand-over must be 'post', 'in_person' or 'either'" }).default('post'),
    parcel: parcelInputSchema,
  })
  .refine((l) => typeof l.pieces !== 'number' || typeof l.missingPieces !== 'number' || l.missingPieces <= l.pieces, {
    error: 'Missing pieces cannot be more than the puzzle has',
    path: ['missingPieces'],
  });
export type ListingInput = z.output<typeof listingInputSchema>;
export type ListingFormValues = z.input<typeof listingInputSchema>;

// The form starts at 1 point although the schema's default is 5 (docs/product/screens.md#list-a-puzzle).
export const LISTING_FORM_DEFAULTS = {
  title: '',
  subtitle: '',
  pieces: LISTING_PIECES_FORM_DEFAULT,
  dimensionUnit: 'cm',
  artist: '',
  difficulty: 'medium',
  condition: 'very_good',
  barcodeNumber: '',
  description: '',
  puzzlePoints: LISTING_POINTS_FORM_DEFAULT,
  missingPieces: 0,
} as const satisfies ListingFormValues;

// Why the server refuses a change to a listing; the edit page says the same before trying.
export const SOLD_IS_FINAL_MESSAGE = 'A sold listing cannot be changed.';
export const TRADE_UNDER_WAY_MESSAGE =
  'This puzzle is part of a trade in progress, so it cannot be changed until the trade is finished.';

// The My Listings buttons; 'sold' is absent because only a completed trade sets it.
export const MEMBER_SETTABLE_STATUSES = ['draft', 'active', 'archived'] as const;

export const listingStatusPatchSchema = z.object({
  status: z.enum(MEMBER_SETTABLE_STATUSES, {
    error: 'Status must be draft, active or archived',
  }),
});
export type ListingStatusPatch = z.output<typeof listingStatusPatchSchema>;

// PATCH /puzzle-listings/{id} takes either the whole form or {status} alone (docs/product/listings.md#listing-states).
export function isStatusOnlyPatch(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    'status' in body
  );
}

/**
 * PATCH /api/puzzle-listings/{id}'s body as the route reads it: any JSON object, which the
 * service tells apart (isStatusOnlyPatch) and validates with the schema for its kind.
 */
export const listingChangeSchema = z
  .record(z.string(), z.unknown(), { error: 'Send the listing as a JSON object' })
  .meta({
    description:
      'Either {status} alone (draft, active or archived), or any of the fields of POST /api/puzzle-listings.',
  });

// docs/product/listings.md#listing-states. A same-state "change" is not a change and answers false; callers skip the
// check when a full-form edit keeps the status.
export function canChangeStatus(from: ListingStatus, to: ListingStatus): boolean {
  if (from === to || from === 'sold' || to === 'sold') return false;
  if (to === 'archived') return true;
  if (from === 'archived') return to === 'draft';
  return true;
}

export interface ListingStatusActions {
  toggleTo: 'active' | 'draft' | null; // the Live/Draft toggle
  archiveTo: 'archived' | 'draft' | null; // Archive / Unarchive
  canView: boolean;
}

export function listingStatusActions(status: ListingStatus): ListingStatusActions {
  switch (status) {
    case 'draft':
      return { toggleTo: 'active', archiveTo: 'archived', canView: false };
    case 'active':
      return { toggleTo: 'draft', archiveTo: 'archived', canView: true };
    case 'archived':
      return { toggleTo: null, archiveTo: 'draft', canView: false };
    case 'sold':
      return { toggleTo: null, archiveTo: null, canView: false };
  }
}

// ---------------------------------------------------------------------------------------
// Answers

/**
 * A listing as every listing answer carries it (browse, detail, My Listings, favourites). The
 * database builds it from this field list (src/server/listings/listing-view.ts): the owner
 * appears only as 'Margaret H.' and town, never an address, postcode, phone or e-mail.
 */
export const listingViewSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    title: z.string(),
    subtitle: z.string().nullable(),
    pieces: z.number(),
    dimensionValue: z.number().nullable(),
    dimensionUnit: z.enum(DIMENSION_UNITS),
    manufacturerId: z.number().nullable(),
    manufacturerName: z.string().nullable(),
    artist: z.string().nullable(),
    difficulty: z.enum(LISTING_DIFFICULTIES),
    condition: z.enum(LISTING_CONDITIONS),
    yearOfManufacture: z.number().nullable(),
    barcodeNumber: z.string().nullable(),
    puzzleImageUrl: z.string().nullable(),
    puzzleThumbnailUrl: z.string().nullable(),
    boxImageUrl: z.string().nullable(),
    boxThumbnailUrl: z.string().nullable(),
    description: z.string().nullable(),
    puzzlePoints: z.number(),
    missingPieces: z.number(),
    isAvailable: z.boolean(),
    status: z.enum(LISTING_STATUSES),
    publishedAt: z.string().nullable(),
    /** While offered first to a member who wished for it: when anyone may request it (docs/product/wanted.md). */
    heldUntil: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** 'Margaret H.' */
    ownerName: z.string(),
    /** Null when the owner hides their town. */
    ownerTown: z.string().nullable(),
    /** Only for a signed-in viewer. */
    isFavorite: z.boolean().optional(),
    handover: z.enum(HANDOVERS),
    /** The boxed puzzle's parcel, for the postage estimate; null when not given. */
    parcel: parcelSchema.nullable(),
    /**
     * Whole miles from the browse's origin (Location's postcode or the member's own), when
     * both points are known. Only browse carries it; never the owner's point.
     */
    distanceMiles: z.number().optional(),
  })
  .meta({ id: 'Listing' });
export type Listing = z.output<typeof listingViewSchema>;

/**
 * GET /api/puzzle-listings/{id}: the listing, and for a signed-in member their own open
 * request for it (at most one: trade_requests_one_open_per_requester_listing), so the page
 * says 'You asked for this on 3 Dec: waiting for Derek P.' instead of offering Request again.
 */
export const listingDetailSchema = listingViewSchema
  .extend({
    myOpenRequest: z
      .object({
        tradeId: z.number(),
        status: z.enum(['pending', 'accepted', 'shipped', 'disputed']),
        createdAt: z.string(),
      })
      .nullable()
      .optional(),
    /** While the owner is away: when they are back ('Margaret H. is away until 12 Mar'). */
    ownerAwayUntil: z.string().nullable().optional(),
    /** For a signed-in member: the listing is being offered first to them (docs/product/wanted.md). */
    heldForMe: z.boolean().optional(),
  })
  .meta({ id: 'ListingDetail' });
export type ListingDetail = z.output<typeof listingDetailSchema>;

/** One page of GET /api/puzzle-listings. */
export const browsePageSchema = z.object({
  items: z.array(listingViewSchema),
  total: z.number(),
  /** More than `total` matched: show '1,000+' ('Showing 24 of 1,000+ puzzles'). */
  totalIsCapped: z.boolean(),
  hasMore: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The years of manufacture among active listings, for the year filter. */
  years: z.array(z.number()),
  /**
   * Only when a one-word search found nothing: a word one letter away that titles, artists or
   * makers of listed puzzles have ('Did you mean cottage?'; docs/decisions/0023).
   */
  suggestion: z.string().optional(),
});
export type BrowsePage = z.output<typeof browsePageSchema>;
