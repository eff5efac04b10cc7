import type { Placeholder, SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isSuspended } from '../../domain/admin';
import { matchesBrowseFilters, textLocation, type BrowsableListing, type BrowseFilters } from '../../domain/browse';
import { isAway } from '../../domain/away';
import { listingMatchKeys, savedSearchFilters, type SavedSearchQuery } from '../../domain/wanted';
import type { AppContext } from '../app-context';
import type { DbOrTx } from '../db/client';
import type { PuzzleListing } from '../db/schema';
import { quietMoment } from '../http/calls-in-flight';
import { runAfterReply } from '../http/after-reply';
import { listingInPlace } from '../listings/browse-service';
import { lockListing } from '../listings/listing-stock-service';
import { membersById } from '../members/members-service';
import {
  awaitableNoticesFor,
  commitWithNotices,
  recordNotice,
  type AwaitableNotices,
  type NoticeDeps,
  type Outbox,
} from '../notices/notices';
import {
  candidateSearches,
  claimPendingListing,
  insertMatches,
  listingForMatching,
  type CandidateSearch,
  pendingListingIds,
  pendingListingInsert,
  savedSearchNames,
} from './wanted-repository';
import { wantedMatchNotice } from './wanted-notices';
import { startOffers } from './wish-offers-service';

// Matching a listing that went live (docs/decisions/0030-wanted.md): the going-live
// transaction only queues the listing (a row in wanted_pending_listings), so publishing costs
// the owner one insert. The matching runs after the answer has gone out (after-reply) in one
// transaction that locks the listing, takes the queue row and deletes it with the matches,
// notices and first offer it writes. A process that stops in between leaves the row; the
// wanted sweeper in any process matches it later. Either way it is matched exactly once.

/** In the transaction that makes a listing live (published, made Live again, unarchived). */
export async function queueWantedMatching(tx: DbOrTx, listingId: number, now = new Date()): Promise<void> {
  await tx.execute(wantedMatchingQueueRow(listingId, now));
}

/**
 * The same queue row as a statement for the caller to carry inside one of its own (a CTE):
 * a new listing's statement carries it, the id given as SQL (docs/performance.md, "Publishing
 * with Wanted").
 */
export function wantedMatchingQueueRow(listingId: number | SQL, now: Date | Placeholder = new Date()): SQL {
  return pendingListingInsert(listingId, now);
}

function browsable(listing: PuzzleListing, manufacturerName: string | null): BrowsableListing {
  return { ...listing, manufacturerName };
}

/**
 * The place part of a saved search (Location as text, Max Distance), which reads the owner, not
 * the listing: asked of browse's SQL for this one listing. Max Distance measures from the
 * searcher's own point; a search that names a postcode as its centre is not alerted on (looking
 * the place up would hold the listing's lock over a network call; its matches page shows it):
 * docs/decisions/0030-wanted.md.
 */
async function inPlace(
  tx: DbOrTx,
  listingId: number,
  search: CandidateSearch,
  q: BrowseFilters,
  asked: Map<string, Promise<boolean>>,
): Promise<boolean> {
  const distance = q.maxDistance !== undefined;
  if (!distance && textLocation(q) === undefined) return true;
  if (distance && (q.location?.trim() || search.point === null)) return false;
  const place = {
    location: q.location,
    maxDistance: q.maxDistance,
    ...(distance && search.point ? { origin: search.point } : {}),
  };
  // One question to the database per distinct place (many searches name the same town).
  const key = JSON.stringify(place);
  let answer = asked.get(key);
  if (!answer) asked.set(key, (answer = listingInPlace(tx, listingId, place)));
  return answer;
}

/** Candidates checked between two turns of the event loop (a few milliseconds' work). */
const SLICE = 200;

/**
 * Each saved search's question, parsed, by search id, while its text is unchanged: a listing
 * reads thousands of candidates (about 5,000 a listing on the publish bench) and most come back
 * for the next listing, so each question is parsed once a process rather than once a listing.
 * Matching 150 queued listings on the bench's 100,000 saved searches: 27.5 ms of app CPU a
 * listing with every question kept, 65 ms when only half could be (each listing's candidates
 * pushed out the next one's), and parsing was about 50 of the 86 ms before
 * (docs/performance.md, "Publishing with Wanted"). 100,000 questions take about 16 MB; past
 * PARSED_KEPT the oldest entry goes.
 */
const parsedQuestions = new Map<number, { text: string; filters: BrowseFilters }>();
const PARSED_KEPT = 200_000;

function questionOf(search: CandidateSearch): BrowseFilters {
  const kept = parsedQuestions.get(search.id);
  if (kept?.text === search.queryText) return kept.filters;
  const filters = savedSearchFilters(JSON.parse(search.queryText) as SavedSearchQuery);
  if (!kept && parsedQuestions.size >= PARSED_KEPT) {
    const oldest = parsedQuestions.keys().next();
    if (!oldest.done) parsedQuestions.delete(oldest.value);
  }
  parsedQuestions.set(search.id, { text: search.queryText, filters });
  return filters;
}

/** Saved searches: the candidates by key, each checked by browse's own rule; one notice per member. */
async function matchSavedSearches(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  manufacturerName: string | null,
  now: Date,
): Promise<void> {
  const card = browsable(listing, manufacturerName);
  const candidates = await candidateSearches(tx, listingMatchKeys(card), listing.userId, now);
  // A slice at a time with the event loop given back between slices: a listing may have
  // thousands of candidates, and the publish calls answered beside the matcher must not wait
  // behind them (docs/performance.md, "Publishing with Wanted").
  const byListing: { search: CandidateSearch; filters: BrowseFilters }[] = [];
  for (let i = 0; i < candidates.length; i += SLICE) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const search of candidates.slice(i, i + SLICE)) {
      const filters = questionOf(search);
      if (matchesBrowseFilters(card, filters)) byListing.push({ search, filters });
    }
  }
  const matching: CandidateSearch[] = [];
  const asked = new Map<string, Promise<boolean>>();
  for (const { search, filters } of byListing) {
    if (await inPlace(tx, listing.id, search, filters, asked)) matching.push(search);
  }
  const fresh = await insertMatches(
    tx,
    matching.map((s) => ({ savedSearchId: s.id, listingId: listing.id, memberId: s.memberId })),
    now,
  );
  const freshIds = new Set(fresh.map((m) => m.savedSearchId));
  const byMember = new Map<number, typeof matching>();
  for (const search of matching.filter((s) => freshIds.has(s.id))) {
    byMember.set(search.memberId, [...(byMember.get(search.memberId) ?? []), search]);
  }
  if (byMember.size === 0) return;
  const names = await savedSearchNames(tx, [...freshIds]);
  await recordNotice(tx, outbox, {
    at: now,
    notifications: [...byMember.values()].map((searches) =>
      wantedMatchNotice(
        { id: searches[0]!.memberId, email: searches[0]!.email },
        listing,
        searches.map((s) => names.get(s.id) ?? ''),
        // At once by e-mail when any matching search asks for it; daily and weekly wait for the digest.
        searches.some((s) => s.alert === 'instant'),
      ),
    ),
  });
}

/**
 * Matches one queued listing: false when it was not queued, or another transaction holds its
 * listing or queue row (SKIP LOCKED: it stays queued and is tried again on a later pass).
 * Lock order: the listing, then its queue row, then its offer.
 */
export async function matchQueuedListing(deps: NoticeDeps, listingId: number, now = new Date()): Promise<boolean> {
  return commitWithNotices(deps, async (tx, outbox) => {
    const listing = await lockListing(tx, listingId, { skipLocked: true });
    if (!listing || !(await claimPendingListing(tx, listingId))) return false;
    if (listing.status !== 'active' || !listing.isAvailable) return true;
    const owner = (await membersById(tx, [listing.userId])).get(listing.userId);
    // A suspended member's puzzles are shown to nobody: nobody is told of them.
    if (!owner || isSuspended(owner, now)) return true;
    // Nor of an away member's: they are out of browse and matches (docs/product/trust.md#away).
    if (isAway(owner, now)) return true;
    const found = await listingForMatching(tx, listingId);
    await matchSavedSearches(tx, outbox, listing, found?.manufacturerName ?? null, now);
    await startOffers(tx, outbox, listing, now);
    return true;
  });
}

const BATCH = 100;

/**
 * Matches queued listings one at a time, oldest first, until none is left that nobody else
 * holds; each listing's e-mails are handed to the mail queue before the next is started, so
 * the matcher never runs ahead of its own notices. `queuedBefore` (the sweeper) leaves younger
 * rows alone, else every queued row is taken; `now` fixes the clock (tests), else each listing
 * is matched at its own moment.
 * A listing that fails is logged and left queued (the sweeper tries it again). `stopped`
 * ends it between two listings (the app closing). Answers the listings matched.
 */
export async function matchQueuedListings(
  deps: { db: DbOrTx; notices: AwaitableNotices },
  log: FastifyBaseLogger,
  opts: { queuedBefore?: Date; now?: Date; stopped?: () => boolean; giveWay?: () => Promise<void> } = {},
): Promise<number[]> {
  const matched: number[] = [];
  const tried = new Set<number>();
  for (;;) {
    const ids = (await pendingListingIds(deps.db, opts.queuedBefore ?? null, BATCH)).filter((id) => !tried.has(id));
    if (ids.length === 0) return matched;
    for (const id of ids) {
      await opts.giveWay?.();
      if (opts.stopped?.()) return matched;
      tried.add(id);
      try {
        if (await matchQueuedListing(deps, id, opts.now ?? new Date())) matched.push(id);
      } catch (err) {
        log.error({ err, listingId: id }, 'wanted matching failed; the listing stays queued');
      }
      await deps.notices.delivered();
    }
  }
}

// One matcher a process (docs/decisions/0030-wanted.md, "One matcher a process"): a going
// live wakes it after the answer; it matches the queue in order, one listing at a time, and
// when woken while busy it makes one more pass once done. So however many members publish at
// once, matching takes one database connection and one turn of the event loop at a time
// beside their calls, and the queue drains behind them.
type Matcher = { running: boolean; again: boolean; stopped: boolean };
/** The longest a listing waits for a quiet moment before it is matched anyway. */
const GIVE_WAY_AT_MOST_MS = 1000;
const matchers = new WeakMap<AppContext, Matcher>();

/** After the answer to a publish or any change to a listing: wakes this process's matcher. */
export function matchAfterReply(ctx: AppContext, log: FastifyBaseLogger): void {
  let matcher = matchers.get(ctx);
  if (!matcher) matchers.set(ctx, (matcher = { running: false, again: false, stopped: false }));
  if (matcher.stopped) return;
  if (matcher.running) {
    matcher.again = true;
    return;
  }
  const m = matcher;
  m.running = true;
  const queued = runAfterReply(ctx, log, 'wanted matching', async () => {
    const deps = { db: ctx.database.db, notices: awaitableNoticesFor(ctx, log) };
    try {
      // A pass that matched nothing ends it: what is left is held by another process (or an
      // owner's edit, whose own answer wakes the matcher again), or the sweeper's.
      const stopped = () => m.stopped;
      // Each listing waits for a moment when no member's call is being answered, or a second
      // at most, so publishing and browsing never queue behind matching, and matching still
      // moves on when the app is never idle (docs/decisions/0030-wanted.md, "The matcher gives way").
      const giveWay = () => quietMoment(ctx, GIVE_WAY_AT_MOST_MS);
      do m.again = false;
      while (((await matchQueuedListings(deps, log, { stopped, giveWay })).length > 0 || m.again) && !m.stopped);
    } finally {
      m.running = false;
    }
  });
  // Dropped (the after-reply queue is full): the next going live wakes it, the sweeper catches up.
  if (!queued) m.running = false;
}

/**
 * The app is closing: the matcher finishes the listing in hand and takes no other, so the
 * close does not wait for a long queue; what is left stays queued for any process's matcher or
 * sweeper.
 */
export function stopWantedMatching(ctx: AppContext): void {
  const matcher = matchers.get(ctx);
  if (matcher) matcher.stopped = true;
  else matchers.set(ctx, { running: false, again: false, stopped: true });
}

/** The sweeper's part: listings queued before `queuedBefore` that nobody matched (a process stopped). */
export async function matchLeftoverListings(
  deps: { db: DbOrTx; notices: AwaitableNotices },
  log: FastifyBaseLogger,
  queuedBefore: Date,
  now = new Date(),
): Promise<number[]> {
  return matchQueuedListings(deps, log, { queuedBefore, now });
}
