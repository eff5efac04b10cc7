import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useFavorites } from '../api/get-favorites';

/** The listing as GET /api/favorites carries it; the card handed in knows its whole shape. */
export type FavoriteListing = { id: number } & Record<string, unknown>;

export interface FavoritesPageProps {
  /** The listings feature's card (with its heart), handed in by the router. */
  ListingCard: ComponentType<{ listing: FavoriteListing }>;
}

/** /favorites, 'My Favorites': the member's favourite listings; the heart removes one. */
export function FavoritesPage({ ListingCard }: FavoritesPageProps) {
  useDocumentTitle('My Favorites');
  const favorites = useFavorites<FavoriteListing>();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">My Favorites</h1>
      {favorites.isPending ? (
        <PageSpinner />
      ) : favorites.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>Your favourites could not be loaded.</p>
          <Button onClick={() => void favorites.refetch()}>Try again</Button>
        </div>
      ) : favorites.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-line bg-white p-10 text-center">
          <Heart aria-hidden="true" className="size-12 text-ink-muted" />
          <p className="text-xl font-semibold">No favourites yet</p>
          <p>Tap the heart on any puzzle to keep it here.</p>
          <Link to={paths.browsePuzzles.getHref()} className={buttonClasses()}>
            Browse Puzzles
          </Link>
        </div>
      ) : (
        <>
          <p role="status">
            {favorites.data.length === 1 ? '1 favourite puzzle' : `${favorites.data.length} favourite puzzles`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Favourite puzzles">
            {favorites.data.map((f) => (
              <li key={f.id}>
                <ListingCard listing={f.listing} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
