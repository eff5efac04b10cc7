import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../domain/errors';
import { distanceAsked, type BrowseQuery } from '../../domain/browse';
import {
  DISTANCE_NEEDS_PLACE_MESSAGE,
  DISTANCE_OFF_MESSAGE,
  DISTANCE_UNAVAILABLE_MESSAGE,
  normalizePostcodeForGeo,
  placeKind,
  UNKNOWN_POSTCODE_MESSAGE,
  type GeoPoint,
} from '../../domain/near';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { claimDueLookups, markPostcodeSaved, saveLocation, scheduleRetry, type LocateClaim } from './geo-repository';
import {
  createPostcodeGeo,
  DEFAULT_GEO_TIMEOUT_MS,
  PostcodeGeoUnavailable,
  PROFILE_LOCATE_TIMEOUT_MS,
  type PostcodeGeo,
} from './postcode-geo';

// Where members are, and where a browse's distances are measured from
// (docs/product/near-me.md). Other rooms come here: the profile after a save,
// the locator job, browse.

/** A claimed look-up not finished in this long (a process died) is due again. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const JOB_BATCH = 50;
/** Retries back off: 10 minutes, doubling, at most a day. */
const RETRY_FIRST_MS = 10 * 60 * 1000;
const RETRY_MAX_MS = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempts, 10));
}

const clients = new WeakMap<Config, PostcodeGeo | null>();

/** The configured service, or null when distance is off (POSTCODE_GEO_URL=off). */
export function postcodeGeoFor(config: Config): PostcodeGeo | null {
  let client = clients.get(config);
  if (client === undefined) {
    client = config.postcodeGeo ? createPostcodeGeo(config.postcodeGeo) : null;
    clients.set(config, client);
  }
  return client;
}

type Deps = { db: DbOrTx; config: Config; log: FastifyBaseLogger };

async function locateClaimed(deps: Deps, geo: PostcodeGeo, claim: LocateClaim, timeoutMs: number, now: Date) {
  try {
    const point = await geo(claim.postcode, timeoutMs);
    if (await saveLocation(deps.db, claim, point)) listingCardsChanged();
    return point === null ? 'unknown' : 'located';
  } catch (err) {
    if (!(err instanceof PostcodeGeoUnavailable)) throw err;
    deps.log.warn({ reason: err.message, memberId: claim.id }, 'postcode point look-up failed; will try again');
    await scheduleRetry(deps.db, claim, new Date(now.getTime() + retryDelayMs(claim.attempts)));
    return 'failed';
  }
}

/**
 * After a member saved their profile: a new postcode is looked up at once, waiting at most
 * PROFILE_LOCATE_TIMEOUT_MS; a service that is down or slow leaves it to the locator job, and
 * the save has already happened either way.
 */
export async function postcodeSaved(deps: Deps, memberId: number, now = new Date()): Promise<void> {
  const changed = await markPostcodeSaved(deps.db, memberId, now);
  if (changed) listingCardsChanged();
  const geo = postcodeGeoFor(deps.config);
  if (!changed || geo === null) return;
  const [claim] = await claimDueLookups(deps.db, now, CLAIM_LEASE_MS, 1, memberId);
  if (claim) await locateClaimed(deps, geo, claim, PROFILE_LOCATE_TIMEOUT_MS, now);
}

/** The locator job's run at `now`: every due member, in batches. */
export async function locateDueMembers(
  deps: Deps,
  now = new Date(),
): Promise<{ located: number; unknown: number; failed: number }> {
  const counts = { located: 0, unknown: 0, failed: 0 };
  const geo = postcodeGeoFor(deps.config);
  if (geo === null) return counts;
  for (;;) {
    const claims = await claimDueLookups(deps.db, now, CLAIM_LEASE_MS, JOB_BATCH);
    for (const claim of claims) counts[await locateClaimed(deps, geo, claim, DEFAULT_GEO_TIMEOUT_MS, now)]++;
    if (claims.length < JOB_BATCH) return counts;
  }
}

// Places typed into browse's Location, remembered so a page turn asks the service nothing.
const PLACE_TTL_MS = 24 * 60 * 60 * 1000;
const PLACES_MAX = 5000;
const places = new Map<string, { at: number; point: GeoPoint | null }>();

async function placePoint(geo: PostcodeGeo, place: string): Promise<GeoPoint | null> {
  const key = normalizePostcodeForGeo(place);
  const hit = places.get(key);
  if (hit && Date.now() - hit.at < PLACE_TTL_MS) return hit.point;
  const point = await geo(place);
  places.delete(key);
  places.set(key, { at: Date.now(), point });
  if (places.size > PLACES_MAX) places.delete(places.keys().next().value!);
  return point;
}

/**
 * Where a browse measures from (docs/product/near-me.md#browse-by-distance): with a
 * distance asked, Location's postcode or outward code, else the member's own point; without
 * one, the member's own point (for the cards' miles), if any. 400 for a place the service does
 * not know, or a distance with nowhere to measure from.
 */
export async function browseOrigin(
  deps: Deps,
  query: BrowseQuery,
  /** The signed-in member as their session read them (request.member), or null. */
  viewer: { latitude: number | null; longitude: number | null } | null,
): Promise<GeoPoint | undefined> {
  const asked = distanceAsked(query);
  const geo = postcodeGeoFor(deps.config);
  if (geo === null) {
    if (asked)
      throw new AppError('VALIDATION', DISTANCE_OFF_MESSAGE, [{ path: 'maxDistance', message: DISTANCE_OFF_MESSAGE }]);
    return undefined;
  }
  const location = query.location?.trim();
  if (asked && location) {
    if (placeKind(location) === null) throw unknownPlace();
    let point: GeoPoint | null;
    try {
      point = await placePoint(geo, location);
    } catch (err) {
      if (!(err instanceof PostcodeGeoUnavailable)) throw err;
      deps.log.warn({ reason: err.message }, 'browse location look-up failed');
      throw new AppError('SERVICE_UNAVAILABLE', DISTANCE_UNAVAILABLE_MESSAGE);
    }
    if (point === null) throw unknownPlace();
    return point;
  }
  // The member's row came with their session moments ago: reading it again would be one more
  // round trip on every signed-in browse (docs/performance.md, "Club evening").
  const own =
    viewer && viewer.latitude !== null && viewer.longitude !== null
      ? { latitude: viewer.latitude, longitude: viewer.longitude }
      : null;
  if (asked && own === null) {
    throw new AppError('VALIDATION', DISTANCE_NEEDS_PLACE_MESSAGE, [
      { path: 'location', message: DISTANCE_NEEDS_PLACE_MESSAGE },
    ]);
  }
  return own ?? undefined;
}

function unknownPlace(): AppError {
  return new AppError('VALIDATION', UNKNOWN_POSTCODE_MESSAGE, [
    { path: 'location', message: UNKNOWN_POSTCODE_MESSAGE },
  ]);
}
