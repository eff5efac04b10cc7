// UK postcode -> point through a service with the postcodes.io API (README.md#configuration:
// POSTCODE_GEO_URL): GET /postcodes/{postcode} and GET /outcodes/{outcode}, each answering
// {result: {latitude, longitude}}. postcodes.io needs no key. Like the address lookup, the
// service is someone else's: anything unexpected is "unavailable", and the caller tries again
// later (docs/product/near-me.md#where-a-member-is).

import { z } from 'zod';
import { outwardCode, placeKind, type GeoPoint } from '../../domain/near';
import { fetchProviderJson, NOT_FOUND } from '../http/provider-fetch';

/** Saving a profile waits at most this long for the point (then the job tries again). */
export const PROFILE_LOCATE_TIMEOUT_MS = 1000;
/** The job and browse wait longer: nobody is waiting on a form. */
export const DEFAULT_GEO_TIMEOUT_MS = 5000;

export class PostcodeGeoUnavailable extends Error {
  constructor(reason: string) {
    super(`postcode service unavailable: ${reason}`);
    this.name = 'PostcodeGeoUnavailable';
  }
}

const answerSchema = z.object({
  result: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    // postcodes.io answers null coordinates for a few postcodes it knows but cannot place.
    .or(z.object({ latitude: z.null(), longitude: z.null() }).transform(() => null)),
});

/**
 * A look-up function for one service: the point of a full postcode (or, when the service does
 * not know it, of its outward code) or of an outward code; null when it knows neither.
 * Rejects with PostcodeGeoUnavailable for everything else.
 */
export function createPostcodeGeo(config: { url: string }) {
  const base = config.url.replace(/\/+$/, '');

  async function ask(path: string, timeoutMs: number): Promise<GeoPoint | null> {
    const json = await fetchProviderJson(`${base}${path}`, timeoutMs, (reason) => new PostcodeGeoUnavailable(reason));
    if (json === NOT_FOUND) return null;
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) throw new PostcodeGeoUnavailable('answer has an unexpected shape');
    return parsed.data.result;
  }

  return async function pointOf(place: string, timeoutMs = DEFAULT_GEO_TIMEOUT_MS): Promise<GeoPoint | null> {
    const kind = placeKind(place);
    if (kind === null) return null;
    const outcodePath = (code: string) => `/outcodes/${encodeURIComponent(code)}`;
    if (kind.kind === 'outcode') return ask(outcodePath(kind.code), timeoutMs);
    return (
      (await ask(`/postcodes/${encodeURIComponent(kind.code.replace(/ /g, ''))}`, timeoutMs)) ??
      ask(outcodePath(outwardCode(kind.code)), timeoutMs)
    );
  };
}
export type PostcodeGeo = ReturnType<typeof createPostcodeGeo>;
