import { useEffect, useRef, type RefObject } from 'react';
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
 * nothing more. `label` names what it loads ('Load more posts'); `list` is the list it adds to
 * (a ul or ol whose children are the items).
 *
 * When the new items are in, focus moves to the first of them, so a keyboard or screen-reader
 * member carries on reading where the new part starts, and is not left on a button that has
 * just gone (after the last page) or sent back to the top of the page.
 */
export function LoadMore({
  results,
  list,
  label = 'Load more',
}: {
  results: PagedResults;
  list: RefObject<HTMLElement | null>;
  label?: string;
}) {
  // While a page the member asked for is on its way: how many items the list had when they
  // pressed the button, and whether the query has yet said it is fetching.
  const pending = useRef<{ before: number; seenFetching: boolean } | null>(null);

  useEffect(() => {
    const items = list.current?.children;
    if (!pending.current || !items) return;
    const first = items[pending.current.before];
    if (first instanceof HTMLElement) {
      pending.current = null;
      // Focusable by script only, so Tab still goes from link to link inside the items.
      if (!first.hasAttribute('tabindex')) first.tabIndex = -1;
      first.focus();
    } else if (results.isFetchingNextPage) {
      pending.current.seenFetching = true;
    } else if (pending.current.seenFetching) {
      // Done, and nothing new came (or the page failed, and says so): focus stays where it is.
      pending.current = null;
    }
  });

  if (!results.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        size="large"
        disabled={results.isFetchingNextPage}
        onClick={() => {
          const before = list.current?.children.length;
          pending.current = before === undefined ? null : { before, seenFetching: false };
          void results.fetchNextPage();
        }}
      >
        {results.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  );
}
