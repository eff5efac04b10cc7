import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection } from '../../../../domain/admin';
import { headClasses, wrappingHeadClasses } from './table-scroll';

export type SortState<K extends string> = { key: K; dir: SortDirection } | null;

/** docs/product/screens.md#admin: a column's sort cycles ascending, descending, none. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/** A column heading that sorts the table; aria-sort tells screen readers the order. */
export function SortHeader<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
  wrap = false,
}: {
  label: string;
  sortKey: K;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
  /** A two-word heading may wrap, so a wide table fits its screen. */
  wrap?: boolean;
}) {
  const dir = sort?.key === sortKey ? sort.dir : null;
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      className={wrap ? wrappingHeadClasses : headClasses}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, sortKey))}
        className="inline-flex min-h-11 items-center gap-1 text-left font-semibold underline-offset-4 hover:underline"
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </th>
  );
}
