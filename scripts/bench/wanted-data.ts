// Saved searches and wishes for the benches that need a club's wanted pages full (the publish
// bench, publish-run.ts, and the club evening, evening-run.ts): 100,000 of each, spread over
// the given members, written in batches through Drizzle so each row's match key is the one
// the app computes (src/domain/wanted.ts).

import { sql } from 'drizzle-orm';
import { puzzleTitleKey, savedSearchKey, savedSearchFilters, savedSearchName } from '../../src/domain/wanted';
import { queryRows, type Db } from '../../src/server/db/client';
import { savedSearches, wishes } from '../../src/server/db/schema';
import { ADJECTIVES, ARTISTS, NOUNS, PIECES } from './load-data';
import { seededRandom } from './questions';

export const SAVED_SEARCHES = 100_000;
export const WISHES = 100_000;
const BATCH = 2_000;
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export const CONDITIONS = ['new', 'like_new', 'very_good', 'good', 'fair'] as const;

/** The titles wishes and published listings share: 'Misty Harbour 17'. */
export function puzzleTitle(random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return `${pick(ADJECTIVES)} ${pick(NOUNS)} ${Math.floor(random() * 200)}`;
}

/** Replaces every saved search and wish (and what came of them) with SAVED_SEARCHES and WISHES new ones. */
export async function loadWanted(db: Db, memberIds: number[]): Promise<void> {
  const random = seededRandom(25);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const makers = (await queryRows<{ id: number }>(db, sql`SELECT id FROM manufacturers`)).map((r) => Number(r.id));
  await db.execute(sql`TRUNCATE saved_searches, wishes, wish_offers, wanted_pending_listings CASCADE`);
  for (let done = 0; done < SAVED_SEARCHES; done += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => {
      const kind = random();
      // As members ask: a title's words, a maker and size, an artist at a level.
      const query: Record<string, string> =
        kind < 0.5
          ? { q: `${pick(ADJECTIVES)} ${pick(NOUNS)}`.toLowerCase() }
          : kind < 0.8
            ? { manufacturerId: String(pick(makers)), difficulty: pick(DIFFICULTIES), minPieces: String(pick(PIECES)) }
            : { artist: pick(ARTISTS), difficulty: pick(DIFFICULTIES), condition: pick(CONDITIONS) };
      const filters = savedSearchFilters(query);
      return {
        memberId: memberIds[(done + i) % memberIds.length]!,
        name: savedSearchName(filters, null),
        query,
        alert: pick(['instant', 'daily', 'weekly', 'off'] as const),
        matchKey: savedSearchKey(filters),
      };
    });
    await db.insert(savedSearches).values(rows);
  }
  for (let done = 0; done < WISHES; done += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => {
      const title = puzzleTitle(random);
      return {
        memberId: memberIds[(done + i) % memberIds.length]!,
        title,
        titleKey: puzzleTitleKey(title),
        createdAt: new Date(Date.now() - (WISHES - done - i) * 1000),
      };
    });
    await db.insert(wishes).values(rows).onConflictDoNothing();
  }
  await db.execute(sql`ANALYZE saved_searches`);
  await db.execute(sql`ANALYZE wishes`);
}
