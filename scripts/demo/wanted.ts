import { and, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '../../src/domain/constants';
import { puzzleTitleKey, savedSearchFilters, savedSearchKey, type SavedSearchQuery } from '../../src/domain/wanted';
import type { Db } from '../../src/server/db/client';
import { puzzleListings, savedSearches, wishes, wishOffers } from '../../src/server/db/schema';
import { noNotices } from '../../src/server/notices/notices';
import { matchQueuedListing, queueWantedMatching } from '../../src/server/wanted/wanted-matching-service';
import type { SeedStep } from './steps';

// Wanted's demo (docs/product/wanted.md): saved searches, wish lists with a queue, and a first
// offer running, made by the app's own matching (nobody is e-mailed). Idempotent: searches by
// name, wishes by the one-puzzle-per-list index, the offer only for a listing never offered.

const SEARCHES: Array<{
  email: string;
  name: string;
  query: SavedSearchQuery;
  alert: 'instant' | 'daily' | 'weekly' | 'off';
}> = [
  { email: 'margaret.hughes@example.org', name: 'Lighthouses', query: { q: 'lighthouse' }, alert: 'instant' },
  {
    email: 'margaret.hughes@example.org',
    name: 'Easy cottages',
    query: { q: 'cottage', difficulty: 'easy' },
    alert: 'daily',
  },
  { email: 'susan.ashworth@example.org', name: 'Steam and railways', query: { q: 'steam' }, alert: 'weekly' },
  {
    email: 'rajesh.patel@example.org',
    name: 'Big puzzles, complete',
    query: { minPieces: '2000', completeOnly: 'true' },
    alert: 'off',
  },
];

/** The members in line for one listed puzzle, longest waiting first, and two wishes nobody has listed yet. */
const QUEUE = ['susan.ashworth@example.org', 'rajesh.patel@example.org', 'brenda.mcallister@example.org'];
const OFFERED_TITLES = ['Signal Box at Dawn', 'Beach Huts in a Row', 'The Knitting Circle'];
const UNLISTED: Array<{ email: string; title: string; pieces?: number }> = [
  { email: 'alan.rees@example.org', title: 'The Fighting Temeraire', pieces: 1000 },
  { email: 'jean.fairbairn@example.org', title: 'The Fighting Temeraire' },
];

export const wantedStep: SeedStep = {
  name: 'wanted',
  async run(db: Db, ctx) {
    const member = (email: string) => ctx.members.get(email);
    for (const s of SEARCHES) {
      const who = member(s.email);
      if (!who) continue;
      const [exists] = await db
        .select({ id: savedSearches.id })
        .from(savedSearches)
        .where(and(eq(savedSearches.memberId, who.id), eq(savedSearches.name, s.name)));
      if (exists) continue;
      await db.insert(savedSearches).values({
        memberId: who.id,
        name: s.name,
        query: s.query,
        alert: s.alert,
        matchKey: savedSearchKey(savedSearchFilters(s.query)),
        createdAt: new Date(ctx.now.getTime() - 20 * DAY_MS),
      });
    }

    // A listed puzzle three members wish for: the first in line is offered it now.
    const [listing] = await db
      .select()
      .from(puzzleListings)
      .where(
        and(
          inArray(puzzleListings.title, OFFERED_TITLES),
          eq(puzzleListings.status, 'active'),
          eq(puzzleListings.isAvailable, true),
        ),
      )
      .limit(1);
    const wished: Array<{ email: string; title: string; pieces?: number; daysAgo: number }> = [
      ...(listing ? QUEUE.map((email, i) => ({ email, title: listing.title, daysAgo: 40 - i * 7 })) : []),
      ...UNLISTED.map((w, i) => ({ ...w, daysAgo: 10 - i })),
    ];
    for (const w of wished) {
      const who = member(w.email);
      if (!who || (listing && who.id === listing.userId)) continue;
      await db
        .insert(wishes)
        .values({
          memberId: who.id,
          title: w.title,
          titleKey: puzzleTitleKey(w.title),
          pieces: w.pieces ?? null,
          createdAt: new Date(ctx.now.getTime() - w.daysAgo * DAY_MS),
        })
        .onConflictDoNothing();
    }
    if (!listing) return;
    const [offered] = await db
      .select({ id: wishOffers.id })
      .from(wishOffers)
      .where(eq(wishOffers.listingId, listing.id));
    if (offered) return;
    // As if it had just gone live: the app's own matching makes the offer and the notices.
    await db.transaction((tx) => queueWantedMatching(tx, listing.id, ctx.now));
    await matchQueuedListing({ db, notices: noNotices }, listing.id, ctx.now);
    const [running] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(wishOffers)
      .where(and(eq(wishOffers.listingId, listing.id), eq(wishOffers.status, 'open')));
    ctx.log(
      `Wanted: ${SEARCHES.length} saved searches, a queue of ${QUEUE.length} for “${listing.title}”, ${running?.n ?? 0} offer running`,
    );
  },
};
