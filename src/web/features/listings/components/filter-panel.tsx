import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import {
  CONDITION_LABELS,
  DIFFICULTY_LABELS,
  FILTER_PLACEHOLDERS,
  SORT_LABELS,
  SORT_OPTIONS,
  YEAR_GROUPS,
  YEAR_GROUP_LABELS,
} from '../../../../domain/constants';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../../../domain/enums';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { useDebouncedParam, type BrowseState, type FilterKey } from './use-browse-filters';
import type { Manufacturer } from '../../../../domain/manufacturers';

interface FilterPanelProps {
  filters: BrowseState;
  activeCount: number;
  years: number[];
  manufacturers: Manufacturer[];
  onChange: (changes: Partial<Record<FilterKey, string | undefined>>, options?: { replace?: boolean }) => void;
}

const str = (v: string | number | boolean | undefined) => (v === undefined || v === false ? '' : String(v));

/**
 * A choice shown at once while the URL (which the router updates in a transition) catches up,
 * so a controlled select or checkbox never snaps back for a moment.
 */
function useShownValue(urlValue: string): [string, (v: string) => void] {
  const [shown, setShown] = useState(urlValue);
  useEffect(() => setShown(urlValue), [urlValue]);
  return [shown, setShown];
}

/** A typed filter whose URL update waits for a pause in typing. */
function TypedFilter({
  name,
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  hint,
  className,
}: {
  name: FilterKey;
  label: string;
  value: string;
  onChange: FilterPanelProps['onChange'];
  type?: 'text' | 'number' | 'search';
  placeholder?: string;
  hint?: string;
  className?: string;
}) {
  const [draft, setDraft] = useDebouncedParam(value, (next) => onChange({ [name]: next }, { replace: true }));
  return (
    <Field label={label} note={hint} className={className}>
      <Input
        name={name}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
      />
    </Field>
  );
}

function SelectFilter({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: FilterKey;
  label: string;
  value: string;
  onChange: FilterPanelProps['onChange'];
  children: React.ReactNode;
}) {
  const [shown, setShown] = useShownValue(value);
  return (
    <Field label={label}>
      <Select
        name={name}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value);
          onChange({ [name]: e.target.value });
        }}
      >
        {children}
      </Select>
    </Field>
  );
}

const NARROW = '(max-width: 767px)';

/** True on a narrow window (a phone, or a desktop zoomed to 200%), following resizes. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

/**
 * 'Search & Filter Puzzles': every filter and the sort (docs/product/listings.md#browse-filters). On a wide window a
 * collapsible panel, open, with an 'N Active' badge. On a narrow one (issue 14: 13 fields came
 * before the first puzzle) the search box and a 'Filters (N)' button, the filters closed
 * until asked for; N counts the filters behind the button. Max Distance is not offered: the
 * server has no map data to measure distance with (docs/decisions/0018).
 */
export function FilterPanel({ filters, activeCount, years, manufacturers, onChange }: FilterPanelProps) {
  const narrow = useNarrow();
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const open = narrow ? narrowOpen : wideOpen;
  const panelId = useId();
  const [completeOnly, setCompleteOnly] = useShownValue(filters.completeOnly ? 'true' : '');
  const [search, setSearch] = useDebouncedParam(str(filters.q), (q) => onChange({ q }, { replace: true }));
  const hiddenCount = activeCount - (str(filters.q).trim() ? 1 : 0);

  // The product's placeholder is wider than a narrow window's box (cut off mid-word on a phone and
  // at 200% zoom), and a placeholder cannot wrap: there the same words show in full as the
  // box's hint, above it, and the box has no placeholder.
  const searchBox = (
    <div role="search">
      <Field label="Search puzzles" hint={narrow ? FILTER_PLACEHOLDERS.search : undefined}>
        <Input
          type="search"
          value={search}
          placeholder={narrow ? undefined : FILTER_PLACEHOLDERS.search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
    </div>
  );

  return (
    <section aria-labelledby={`${panelId}-heading`} className="rounded-lg border border-line bg-white">
      {narrow ? (
        <div className="flex flex-col gap-4 p-4">
          <h2 id={`${panelId}-heading`} className="text-xl font-bold">
            Search &amp; Filter Puzzles
          </h2>
          {searchBox}
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setNarrowOpen((o) => !o)}
            className="self-start"
          >
            <SlidersHorizontal aria-hidden="true" className="size-5" />
            Filters ({hiddenCount})
            <ChevronDown aria-hidden="true" className={cn('size-5 transition-transform', open && 'rotate-180')} />
          </Button>
        </div>
      ) : (
        <h2 id={`${panelId}-heading`} className="text-xl font-bold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setWideOpen((o) => !o)}
            className="flex min-h-14 w-full items-center gap-3 rounded-lg px-4 text-left"
          >
            <Search aria-hidden="true" className="size-6" />
            <span>Search &amp; Filter Puzzles</span>
            {activeCount > 0 && <Badge>{activeCount} Active</Badge>}
            <ChevronDown
              aria-hidden="true"
              className={cn('ml-auto size-6 transition-transform', open && 'rotate-180')}
            />
          </button>
        </h2>
      )}
      <div id={panelId} hidden={!open} className="flex flex-col gap-5 border-t border-line p-4">
        {!narrow && searchBox}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter name="difficulty" label="Difficulty" value={str(filters.difficulty)} onChange={onChange}>
            <option value="">All difficulties</option>
            {LISTING_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </SelectFilter>
          <SelectFilter name="condition" label="Condition" value={str(filters.condition)} onChange={onChange}>
            <option value="">All conditions</option>
            {LISTING_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectFilter>
          <SelectFilter
            name="manufacturerId"
            label="Manufacturer"
            value={str(filters.manufacturerId)}
            onChange={onChange}
          >
            <option value="">All manufacturers</option>
            {manufacturers.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </SelectFilter>
          <SelectFilter name="sort" label="Sort By" value={filters.sort} onChange={onChange}>
            {SORT_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </SelectFilter>
          <TypedFilter
            name="minPieces"
            label="Min Pieces"
            type="number"
            value={str(filters.minPieces)}
            placeholder={FILTER_PLACEHOLDERS.minPieces}
            onChange={onChange}
          />
          <TypedFilter
            name="maxPieces"
            label="Max Pieces"
            type="number"
            value={str(filters.maxPieces)}
            placeholder={FILTER_PLACEHOLDERS.maxPieces}
            onChange={onChange}
          />
          <TypedFilter name="artist" label="Artist" value={str(filters.artist)} onChange={onChange} />
          <SelectFilter name="year" label="Year" value={str(filters.year)} onChange={onChange}>
            <option value="">All years</option>
            {YEAR_GROUPS.map((g) => (
              <option key={g} value={g}>
                {YEAR_GROUP_LABELS[g]}
              </option>
            ))}
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
            {typeof filters.year === 'number' && !years.includes(filters.year) && (
              <option value={filters.year}>{filters.year}</option>
            )}
          </SelectFilter>
          <TypedFilter
            name="minPoints"
            label="Min Points"
            type="number"
            value={str(filters.minPoints)}
            placeholder="0"
            onChange={onChange}
          />
          <TypedFilter
            name="maxPoints"
            label="Max Points"
            type="number"
            value={str(filters.maxPoints)}
            placeholder={FILTER_PLACEHOLDERS.maxPoints}
            onChange={onChange}
          />
          <TypedFilter
            name="location"
            label="Location (city or postcode)"
            value={str(filters.location)}
            placeholder={FILTER_PLACEHOLDERS.location}
            hint="A town, or the first part of a postcode such as HG1. Whole postcodes are not searched, to keep members’ addresses private."
            onChange={onChange}
          />
        </div>
        <CheckboxField
          label={<span className="font-semibold">Complete puzzles only</span>}
          checked={completeOnly === 'true'}
          onChange={(e) => {
            setCompleteOnly(e.target.checked ? 'true' : '');
            onChange({ completeOnly: e.target.checked ? 'true' : undefined });
          }}
        />
      </div>
    </section>
  );
}
