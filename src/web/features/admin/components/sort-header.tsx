import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection } from '../../../../domain/admin';
import { headClasses } from './table-scroll';

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
}: {
  label: string;
  sortKey: K;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
}) {
  const dir = sort?.key === sortKey ? sort.dir : null;
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      className={headClasses}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, sortKey))}
        className="inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-4 hover:underline"
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </th>
  );
}
