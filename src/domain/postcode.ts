// A UK postcode's pattern, its words and its normal form, in a file without Zod: browse's
// cards (domain/near.ts) need them and load no schema (docs/performance.md, 'Lighthouse 95').
// profile.ts re-exports all of it.

// Outward code, optional space, inward code (plus the odd GIR 0AA), on a postcode already
// normalised by normalizePostcode (upper case, single spaces, trimmed).
export const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/;
export const UK_POSTCODE_MESSAGE = 'Please enter a full UK postcode, such as SW1A 1AA';

export function normalizePostcode(postcode: string): string {
  return postcode.trim().replace(/\s+/g, ' ').toUpperCase();
}
