// The browse cards (the listing JSON of listing-view.ts, as PostgreSQL built it) held in memory
// beside the browse index, one store per index, so that a page from the index reads nothing
// but the index's version (docs/decisions/0011-browse-under-varied-traffic.md). They are kept
// exactly current by the index's own change log: every change it applies (a listing; an
// owner's name, town, profile or suspension, migrations 0012 and 0018) forgets the cards it
// touches, and a card that changed while it was being read is not kept, as it may predate it.
// Cards are written by the database and kept as its text, so answers are byte for byte what a
// read would give.

import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { intArray, type DbOrTx } from '../db/client';
import { listingJson, listingViewJoins } from './listing-view';
import { queryFixedPlan, renderedText } from '../db/prepared-statements';

/** At most this many characters of cards are held (about 120 MB of one-byte strings). */
export const BROWSE_CARDS_MAX_CHARS = 120_000_000;

/** At most this many forgotten ids are remembered for keep() (then it starts afresh). */
const FORGOTTEN_KEPT = 10_000;

export class BrowseCards {
  private readonly byId = new Map<number, string>();
  private chars = 0;
  private forgets = 0;
  /**
   * When each listing's card was last forgotten (the forgets count), so that a read under way
   * keeps every card but those changed meanwhile. Before, any change anywhere threw a whole
   * read away: on a club evening, with a change every few dozen milliseconds, many reads were
   * (docs/performance.md, 'What a change costs browse'). Reads begun before `forgottenSince`
   * cannot be told apart and keep nothing.
   */
  private readonly forgottenAt = new Map<number, number>();
  private forgottenSince = 0;

  constructor(private readonly maxChars = BROWSE_CARDS_MAX_CHARS) {}

  /** How many cards are held. */
  get size(): number {
    return this.byId.size;
  }

  /** Whether the budget is spent (more cards would push out the oldest). */
  get full(): boolean {
    return this.chars >= this.maxChars;
  }

  get(id: number): string | undefined {
    return this.byId.get(id);
  }

  /** The moment to pass to keep() for cards read from now on. */
  get epoch(): number {
    return this.forgets;
  }

  /** Forgets these listings' cards (they changed, or their owner did). */
  forget(ids: Iterable<number>): void {
    this.forgets++;
    if (this.forgottenAt.size >= FORGOTTEN_KEPT) {
      this.forgottenAt.clear();
      this.forgottenSince = this.forgets;
    }
    for (const id of ids) {
      this.drop(id);
      this.forgottenAt.set(id, this.forgets);
    }
  }

  /** Keeps cards read since `epoch`, except those forgotten meanwhile: they may predate the change. */
  keep(rows: Iterable<{ id: number; card: string }>, epoch: number): void {
    if (epoch < this.forgottenSince) return;
    for (const { id, card } of rows) {
      if ((this.forgottenAt.get(id) ?? -1) > epoch) continue;
      this.drop(id);
      this.byId.set(id, card);
      this.chars += card.length;
    }
    // A Map iterates oldest first: the cards kept longest ago go first.
    for (const [id] of this.byId) {
      if (this.chars <= this.maxChars) break;
      this.drop(id);
    }
  }

  private drop(id: number): void {
    const card = this.byId.get(id);
    if (card === undefined) return;
    this.byId.delete(id);
    this.chars -= card.length;
  }
}

// Everything of the cards statement but its one value, rendered once: rendering listingJson's
// few dozen fragments for every page was a measurable part of a browse request.
let cardsHead: SQL | undefined;

/** The cards of these listings (one JSON object each, no viewer-specific fields). */
export function listingCardsStatement(ids: number[]): SQL {
  cardsHead ??= sql.raw(
    renderedText(sql`SELECT p.id, ${listingJson(null)}::text AS card FROM puzzle_listings p ${listingViewJoins}`),
  );
  return sql`${cardsHead} WHERE p.id = ANY(${intArray(ids)})`;
}

/** Reads these listings' cards from the database (a listing gone has none). */
export async function readCards(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  ids: number[],
): Promise<Array<{ id: number; card: string }>> {
  const rows = await queryFixedPlan<{ id: number; card: string }>(db, pool, listingCardsStatement(ids));
  return rows.map((r) => ({ id: Number(r.id), card: r.card }));
}
