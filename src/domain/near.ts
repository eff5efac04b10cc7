// Near me and postage (docs/product/near-me.md): where a place is, how far apart
// two places are, and the browse words for distance and hand-over. Shared by the server's two
// browse paths (SQL and the in-memory index) and the web, so every one of them measures alike.

import type { Handover } from './enums';
import { normalizePostcode, UK_POSTCODE } from './postcode';

/** Browse's Max Distance, in miles. */
export const DISTANCE_MIN_MILES = 1;
export const DISTANCE_MAX_MILES = 500;
/** The mean radius of the Earth in miles (great-circle distance on a sphere). */
export const EARTH_RADIUS_MILES = 3958.8;

export const UNKNOWN_POSTCODE_MESSAGE = 'We could not find that postcode';
export const DISTANCE_NEEDS_PLACE_MESSAGE =
  'Enter a postcode in Location, or add your postcode to your profile, to search by distance';
export const DISTANCE_OFF_MESSAGE = 'Searching by distance is not available on this club';
export const DISTANCE_UNAVAILABLE_MESSAGE =
  'We cannot look up postcodes just now, so searching by distance is not available. Please try again later.';

export type GeoPoint = { latitude: number; longitude: number };

// An outward code alone: 'YO1', 'LS1', 'SW1A'.
const UK_OUTWARD_CODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;

/**
 * What a Location text is to the postcode service: a full postcode, an outward code, or
 * neither (a town name, which only the text match of Location reads).
 */
export function placeKind(text: string): { kind: 'postcode' | 'outcode'; code: string } | null {
  const code = normalizePostcode(text);
  if (UK_POSTCODE.test(code)) return { kind: 'postcode', code };
  if (UK_OUTWARD_CODE.test(code)) return { kind: 'outcode', code };
  return null;
}

/** The form a place is remembered under: upper case, no spaces. */
export function normalizePostcodeForGeo(text: string): string {
  return normalizePostcode(text).replace(/ /g, '');
}

/** A full postcode's outward code ('YO1 7HH' and 'YO17HH' -> 'YO1'). */
export function outwardCode(postcode: string): string {
  const code = normalizePostcode(postcode).replace(/ /g, '');
  return code.slice(0, -3);
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Great-circle (haversine) distance in miles. The SQL path writes the same formula
 * (browse-query.ts, distanceMilesSql), term for term, so both paths agree on every listing.
 */
export function greatCircleMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.latitude - a.latitude) * RADIANS_PER_DEGREE;
  const dLon = (b.longitude - a.longitude) * RADIANS_PER_DEGREE;
  const sinLat = Math.sin(dLat / 2);
  const sinLon = Math.sin(dLon / 2);
  const h =
    sinLat * sinLat +
    Math.cos(a.latitude * RADIANS_PER_DEGREE) * Math.cos(b.latitude * RADIANS_PER_DEGREE) * sinLon * sinLon;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a card says: whole miles, never the point (a distance under half a mile is 0). */
export function wholeMiles(miles: number): number {
  return Math.round(miles);
}

/** '12 miles away', 'Less than a mile away'. */
export function distanceLabel(miles: number): string {
  if (miles < 1) return 'Less than a mile away';
  return miles === 1 ? '1 mile away' : `${miles} miles away`;
}

/**
 * The latitude/longitude box that holds every point within `miles` of `centre` (a little
 * generous): the SQL path narrows owners by it (an index), then measures exactly.
 */
export function boundingBox(centre: GeoPoint, miles: number) {
  const latSpan = miles / (EARTH_RADIUS_MILES * RADIANS_PER_DEGREE) + 0.01;
  const cosLat = Math.cos(Math.min(89, Math.abs(centre.latitude) + latSpan) * RADIANS_PER_DEGREE);
  const lonSpan = Math.min(180, latSpan / Math.max(cosLat, 0.01) + 0.01);
  return {
    minLatitude: centre.latitude - latSpan,
    maxLatitude: centre.latitude + latSpan,
    minLongitude: centre.longitude - lonSpan,
    maxLongitude: centre.longitude + lonSpan,
  };
}

export const HANDOVER_LABELS: Record<Handover, string> = {
  post: 'By post',
  in_person: 'In person',
  either: 'Either',
};

/** Browse's hand-over filter: 'in_person' keeps listings offered in person or either way. */
export const HANDOVER_FILTERS = ['in_person'] as const;
export type HandoverFilter = (typeof HANDOVER_FILTERS)[number];

export function matchesHandover(handover: Handover | undefined, filter: HandoverFilter | undefined): boolean {
  if (filter === undefined) return true;
  return handover === 'in_person' || handover === 'either';
}
