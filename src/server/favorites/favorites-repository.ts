import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { favorites, type Favorite } from '../db/schema';

/** Adds the favourite unless it is there already; answers the row and whether it is new. */
export async function addFavorite(
  db: DbOrTx,
  userId: number,
  listingId: number,
): Promise<{ favorite: Favorite; created: boolean }> {
  // ON CONFLICT rather than read-then-insert: two quick taps on the heart must not race into a 500.
  const [inserted] = await db
    .insert(favorites)
    .values({ userId, puzzleListingId: listingId })
    .onConflictDoNothing({ target: [favorites.userId, favorites.puzzleListingId] })
    .returning();
  if (inserted) return { favorite: inserted, created: true };
  const [existing] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.puzzleListingId, listingId)));
  return { favorite: existing!, created: false };
}

/** Removes the member's favourite for the listing; false when there was none. */
export async function removeFavorite(db: DbOrTx, userId: number, listingId: number): Promise<boolean> {
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.puzzleListingId, listingId)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}
