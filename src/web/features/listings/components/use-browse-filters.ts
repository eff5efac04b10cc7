import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BrowseFilters } from '../../../../domain/browse';
import { browseQueryToParams } from '../../../../domain/browse-params';
import { DEFAULT_SORT, type SortOption } from '../../../../domain/constants';
import { afterNextPaint } from '../../../lib/after-paint';

export type BrowseState = BrowseFilters & { sort: SortOption };
export type FilterKey = keyof BrowseState;

type BrowseSchema = (typeof import('../../../../domain/browse'))['browseQuerySchema'];
let loaded: BrowseSchema | undefined;
let loading: Promise<BrowseSchema> | undefined;
/**
 * The server's schema of a browse question (with Zod, about 25 KB compressed), fetched once:
 * only a URL with filters needs it, so unfiltered browse draws without waiting for it
 * (docs/performance.md, 'Lighthouse 95'); the page fetches it once drawn, before any filter is
 * chosen, and the router with the page's code when the first URL has filters.
 */
function loadBrowseSchema(): Promise<BrowseSchema> {
  loading ??= import('../../../../domain/browse').then((module) => (loaded = module.browseQuerySchema));
  return loading;
}

/** The schema's answer to a URL without filters, as parseFilters gives it (a unit test checks). */
export const NO_FILTERS: BrowseState = { completeOnly: undefined, sort: DEFAULT_SORT };

/** Reads the URL's filters; a value the schema refuses is simply ignored. */
export function parseFilters(search: URLSearchParams, browseQuerySchema: BrowseSchema): BrowseState {
  const raw: Record<string, string> = Object.fromEntries(search.entries());
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = browseQuerySchema.safeParse(raw);
    if (result.success) {
      const { page: _page, pageSize: _pageSize, ...filters } = result.data;
      return { ...filters, completeOnly: filters.completeOnly || undefined };
    }
    for (const issue of result.error.issues) delete raw[String(issue.path[0])];
  }
  return { sort: 'newest' };
}

/** The browse filters live in the URL, so back/forward and shared links restore them. */
export function useBrowseFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  // With filters in the URL, the page waits for the schema (Suspense) if it has not arrived.
  const schema = searchParams.toString() === '' ? null : (loaded ?? use(loadBrowseSchema()));
  const filters = useMemo(() => (schema ? parseFilters(searchParams, schema) : NO_FILTERS), [searchParams, schema]);
  useEffect(() => afterNextPaint(() => void loadBrowseSchema()), []);
  const params = useMemo(() => browseQueryToParams(filters), [filters]);

  const update = useCallback(
    (changes: Partial<Record<FilterKey, string | undefined>>, options: { replace?: boolean } = {}) => {
      // From the live URL, not the hook's copy: a debounced edit may run after other changes.
      setSearchParams(
        () => {
          const next = new URLSearchParams(window.location.search);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value.trim() === '' || value === 'all') next.delete(key);
            else next.set(key, value);
          }
          next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const clear = useCallback(
    (keys?: readonly FilterKey[]) => {
      setSearchParams(() => {
        if (!keys) return new URLSearchParams();
        const next = new URLSearchParams(window.location.search);
        for (const key of keys) next.delete(key);
        return next;
      });
    },
    [setSearchParams],
  );

  return { filters, params, update, clear };
}

/**
 * A typed-in filter: the box shows what is typed at once and the URL follows after a pause
 * (one history entry per search, not per key); back/forward puts the URL's value back.
 * `flush` sends what waits at once (when the box loses focus: the filter sheet may be about
 * to close, and what she typed must count).
 */
export function useDebouncedParam(
  urlValue: string,
  commit: (value: string) => void,
  delayMs = 400,
): [string, (value: string) => void, () => void] {
  const [draft, setDraft] = useState(urlValue);
  const lastCommitted = useRef(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (urlValue !== lastCommitted.current) {
      lastCommitted.current = urlValue;
      clearTimeout(timer.current);
      setDraft(urlValue);
    }
  }, [urlValue]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (value: string) => {
      setDraft(value);
      clearTimeout(timer.current);
      const send = () => {
        waiting.current = null;
        lastCommitted.current = value.trim();
        commit(value);
      };
      waiting.current = send;
      timer.current = setTimeout(send, delayMs);
    },
    [commit, delayMs],
  );
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    waiting.current?.();
  }, []);
  return [draft, change, flush];
}
