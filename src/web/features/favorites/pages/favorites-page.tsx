import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { Listing } from '../../../../domain/listings';
import { Heart } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useFavorites } from '../api/get-favorites';
import { plural } from '../../../../domain/sentences';

export interface FavoritesPageProps {
  /** The listings feature's card (with its heart), handed in by the router. */
  ListingCard: ComponentType<{ listing: Listing }>;
}

/** /favorites, 'My Favorites': the member's favourite listings; the heart removes one. */
export function FavoritesPage({ ListingCard }: FavoritesPageProps) {
  useDocumentTitle('My Favorites');
  const favorites = useFavorites();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">My Favorites</h1>
      {favorites.isPending ? (
        <PageSpinner />
      ) : favorites.isError ? (
        <ErrorState message="Your favourites could not be loaded." onRetry={() => void favorites.refetch()} />
      ) : favorites.data.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="No favourites yet"
          action={
            <Link to={paths.browsePuzzles.getHref()} className={buttonClasses()}>
              Browse Puzzles
            </Link>
          }
        >
          Tap the heart on any puzzle to keep it here.
        </EmptyState>
      ) : (
        <>
          <p role="status">{plural(favorites.data.length, 'favourite puzzle')}</p>
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
