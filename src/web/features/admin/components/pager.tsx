import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The page number of a list, back to 1 whenever `listKey` (its search, filters, order) changes. */
export function usePageFor(listKey: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ listKey, page: 1 });
  return [paging.listKey === listKey ? paging.page : 1, (page) => setPaging({ listKey, page })];
}

/** Previous / next through a list the server pages, saying where the reader is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is paged, for screen readers ('Users'). */
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <p aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
