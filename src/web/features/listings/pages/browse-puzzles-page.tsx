import { SaveSearchButton } from '../../../components/wanted/save-search-button';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Heart, Link2, SearchX } from 'lucide-react';
import { countActiveFilters, NO_RESULTS_RESET_KEYS } from '../../../../domain/browse-params';
import { BROWSE_SKELETON_COUNT } from '../../../../domain/constants';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useActiveManufacturers } from '../api/get-active-manufacturers';
import { useBrowseListings } from '../api/get-listings';
import { FilterPanel } from '../components/filter-panel';
import { ListingCard } from '../components/listing-card';
import { ListingGridSkeleton } from '../components/listing-skeleton';
import { copyLink, currentPageShareUrl } from '../components/share';
import { useBrowseFilters } from '../components/use-browse-filters';
import { browseItems, drawnWhenNear, type ListingActions } from '../listing-display';
import { plural } from '../../../../domain/sentences';

const CAPPED_TOTAL_LABEL = '1,000+';

/** /browse-puzzles (docs/product/screens.md#browse): server-side search, filters and sort, 24 to a page. */
export function BrowsePuzzlesPage({ onRequest, onContact }: ListingActions) {
  useDocumentTitle('Browse Puzzles');
  const user = useCurrentUser();
  const { filters, params, update, clear } = useBrowseFilters();
  const manufacturers = useActiveManufacturers();
  const results = useBrowseListings(params);
  const list = useRef<HTMLUListElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const activeCount = countActiveFilters(filters);

  const pages = results.data?.pages ?? [];
  const items = browseItems(pages);
  const first = pages[0];
  const total = first?.total ?? 0;
  const totalText = first?.totalIsCapped ? CAPPED_TOTAL_LABEL : total.toLocaleString('en-GB');
  // The filter sheet's 'Show N puzzles' (N unknown while counting, or when loading failed).
  const resultsText = !first ? null : `${totalText} ${total === 1 && !first?.totalIsCapped ? 'puzzle' : 'puzzles'}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Browse Puzzles</h1>
        <div className="flex flex-wrap gap-3">
          {user && (
            <Link to={paths.favorites.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              <Heart aria-hidden="true" className="size-5" />
              My Favorites
            </Link>
          )}
          {user && (
            // On a phone the menu has Wanted: the puzzles stay in sight (docs/product/wanted.md).
            <div className="hidden lg:block">
              <Link to={paths.wanted.getHref()} className={buttonClasses({ variant: 'secondary' })}>
                Wanted
              </Link>
            </div>
          )}
          {user && activeCount > 0 && (
            // Below 1024 px it follows the puzzles, so they stay in sight at the top.
            <div className="hidden lg:block">
              <SaveSearchButton params={params} />
            </div>
          )}
          <Button variant="secondary" onClick={() => void copyLink(currentPageShareUrl())}>
            <Link2 aria-hidden="true" className="size-5" />
            Share this search
          </Button>
        </div>
      </div>

      {/* From 1024 px the filters stand in a column beside the puzzles, so what she types or
          chooses never pushes them off the screen (issue 22; docs/decisions/0023). */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(17rem,24rem)_minmax(0,1fr)] lg:items-start">
        <FilterPanel
          filters={filters}
          activeCount={activeCount}
          years={first?.years ?? []}
          manufacturers={manufacturers.data ?? []}
          onChange={update}
          resultsText={resultsText}
          onShowResults={() => {
            // The puzzles at the top of the screen, the count first, and focus there.
            status.current?.focus({ preventScroll: true });
            status.current?.scrollIntoView({ block: 'start' });
          }}
          suggestion={first?.suggestion}
        />

        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <p
              ref={status}
              role="status"
              aria-live="polite"
              tabIndex={-1}
              // Clear of the sticky top bar when focus brings it into view.
              className="scroll-mt-48 font-semibold"
            >
              {results.isPending
                ? 'Loading puzzles…'
                : `Showing ${items.length.toLocaleString('en-GB')} of ${totalText} puzzles`}
              {activeCount > 0 && <span className="ml-4 font-normal">{`${plural(activeCount, 'filter')} active`}</span>}
            </p>
            {activeCount > 0 && (
              <Button variant="link" onClick={() => clear()}>
                Clear All Filters
              </Button>
            )}
          </div>

          {results.isPending ? (
            <ListingGridSkeleton count={BROWSE_SKELETON_COUNT} />
          ) : results.isError ? (
            <ErrorState message="The puzzles could not be loaded." onRetry={() => void results.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No puzzles found"
              headingLevel={2}
              action={
                <Button variant="secondary" onClick={() => clear(NO_RESULTS_RESET_KEYS)}>
                  Clear search and filters
                </Button>
              }
            >
              {filters.location?.trim() ? (
                // Why a place finds nothing (issue 14): what Location looks at, and what it does not.
                <>
                  No puzzles are listed by members in “{filters.location.trim()}”. Location looks for the town members
                  give, or the first part of their postcode (such as HG1); members who keep their town private are not
                  found by it. Try a nearby town, or clear the location.
                </>
              ) : (
                'Try adjusting your search terms or filters to find more puzzles.'
              )}
            </EmptyState>
          ) : (
            <>
              <ul
                ref={list}
                // Beside the filters from 1024 px: as many columns as the room holds at the
                // member's text size (3 at 1280 px, 2 at Largest text).
                className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fill,minmax(15rem,1fr))]"
                aria-label="Puzzles"
              >
                {items.map((listing, index) => (
                  // Past the first row, a card is laid out and painted only as it nears the screen
                  // (content-visibility): the first draw of 24 cards was one long task on a phone.
                  // Its placeholder size is a height only: `contain-intrinsic-size: auto 34rem` set
                  // the width too, and cards after the third were 544 px wide on a 390 px phone
                  // (issue 22). The column's width comes from the grid. The last cards, just above
                  // Load more, are always drawn: a member who jumps to the end of the list found
                  // the cards around her grow from their placeholder size as they came into view,
                  // and Load more moved some 450 px down the screen as she went to press it.
                  <li
                    key={listing.id}
                    className={cn(
                      'flex min-w-0',
                      drawnWhenNear(index, items.length) &&
                        '[contain-intrinsic-block-size:auto_34rem] [content-visibility:auto]',
                    )}
                  >
                    <div className="w-full">
                      <ListingCard listing={listing} onRequest={onRequest} onContact={onContact} first={index === 0} />
                    </div>
                  </li>
                ))}
              </ul>
              <LoadMore results={results} list={list} />
            </>
          )}
        </div>
      </div>
      {user && activeCount > 0 && (
        <div className="lg:hidden">
          <SaveSearchButton params={params} />
        </div>
      )}
    </div>
  );
}
