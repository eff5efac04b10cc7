import { Button } from './button';

/** The part of an infinite query a pager needs (TanStack Query's useInfiniteQuery result). */
export interface PagedResults {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The pager under a long list (browse, the member directory): one large 'Load more' button
 * that fetches the next page and says so while it does, gone when there is nothing more.
 */
export function LoadMore({ results }: { results: PagedResults }) {
  if (!results.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        size="large"
        disabled={results.isFetchingNextPage}
        onClick={() => void results.fetchNextPage()}
      >
        {results.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
