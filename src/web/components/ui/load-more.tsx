import { Button } from './button';

/** The part of an infinite query a pager needs (TanStack Query's useInfiniteQuery result). */
export interface PagedResults {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The pager under a long list (browse, the member directory, the forum's posts and activity):
 * one large button that fetches the next page and says so while it does, gone when there is
 * nothing more. `label` names what it loads ('Load more posts').
 */
export function LoadMore({ results, label = 'Load more' }: { results: PagedResults; label?: string }) {
  if (!results.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        size="large"
        disabled={results.isFetchingNextPage}
        onClick={() => void results.fetchNextPage()}
      >
        {results.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  );
}
