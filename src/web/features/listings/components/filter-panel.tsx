import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
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
import { browseQueryToParams } from '../../../../domain/browse-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Sheet, SheetClose, SheetContent, SheetTitle, SheetTrigger } from '../../../components/ui/sheet';
import { cn } from '../../../lib/cn';
import { useDebouncedParam, type BrowseState, type FilterKey } from './use-browse-filters';
import type { Manufacturer } from '../../../../domain/manufacturers';

interface FilterPanelProps {
  filters: BrowseState;
  activeCount: number;
  years: number[];
  manufacturers: Manufacturer[];
  onChange: (changes: Partial<Record<FilterKey, string | undefined>>, options?: { replace?: boolean }) => void;
  /** How many puzzles the chosen filters find, in words ('3 puzzles', '1,000+ puzzles'); null while counting. */
  resultsText: string | null;
  /** Takes the member to the puzzles (focus and scroll), after 'Show N puzzles' closed the sheet. */
  onShowResults: () => void;
  /** 'Did you mean' word the server offered for a search that found nothing. */
  suggestion?: string;
}

// Max Distance's choices in miles (the server takes any whole number from 1 to 500).
const DISTANCE_CHOICES = [5, 10, 15, 30, 50, 100, 200, 500];

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
  const [draft, setDraft, flush] = useDebouncedParam(value, (next) => onChange({ [name]: next }, { replace: true }));
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
        onBlur={flush}
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

// Below the wide layout's 1024 px (a phone, a tablet, or a desktop zoomed to 200%) the filters
// wait in a sheet: the page's column is too narrow to hold them beside the puzzles.
const NARROW = '(max-width: 1023px)';

/** True on a narrow window (a phone, a tablet, or a desktop zoomed to 200%), following resizes. */
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

/** Every filter but the search, and the sort (docs/product/listings.md#browse-filters), in `columns`. */
function FilterFields({
  filters,
  years,
  manufacturers,
  onChange,
  columns,
}: Pick<FilterPanelProps, 'filters' | 'years' | 'manufacturers' | 'onChange'> & { columns: string }) {
  const [completeOnly, setCompleteOnly] = useShownValue(filters.completeOnly ? 'true' : '');
  return (
    <>
      <div className={cn('grid gap-4', columns)}>
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
          hint="A town, or a postcode or its first part such as HG1. With a Max Distance, miles are measured from this postcode, or from your own."
          onChange={onChange}
        />
        <SelectFilter name="maxDistance" label="Max Distance" value={str(filters.maxDistance)} onChange={onChange}>
          <option value="">Any distance</option>
          {DISTANCE_CHOICES.map((miles) => (
            <option key={miles} value={miles}>
              Within {miles} miles
            </option>
          ))}
        </SelectFilter>
        <SelectFilter name="handover" label="Hand-over" value={str(filters.handover)} onChange={onChange}>
          <option value="">By post or in person</option>
          <option value="in_person">In person (or either)</option>
        </SelectFilter>
      </div>
      <CheckboxField
        label={<span className="font-semibold">Complete puzzles only</span>}
        checked={completeOnly === 'true'}
        onChange={(e) => {
          setCompleteOnly(e.target.checked ? 'true' : '');
          onChange({ completeOnly: e.target.checked ? 'true' : undefined });
        }}
      />
    </>
  );
}

/**
 * 'Search & Filter Puzzles': the search, every filter and the sort (docs/product/listings.md#browse-filters). Wherever
 * the member types or chooses, the puzzles stay in sight (issue 22; docs/decisions/0023).
 * On a wide window the panel stands beside the puzzles (the page puts it in a column of its
 * own), collapsible, with an 'N Active' badge. On a narrow one (issue 14: 13 fields came before
 * the first puzzle) the search box and a 'Filters (N)' button, N counting the filters behind
 * it; the filters open in a sheet that ends with 'Show N puzzles', N the live count of what
 * they find, which closes it onto the puzzles. Max Distance measures from Location's postcode or
 * the member's own (docs/product/near-me.md#browse-by-distance).
 */
export function FilterPanel({
  filters,
  activeCount,
  years,
  manufacturers,
  onChange,
  resultsText,
  onShowResults,
  suggestion,
}: FilterPanelProps) {
  const narrow = useNarrow();
  const [wideOpen, setWideOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Closed by 'Show N puzzles' (not Escape or the corner's Close): focus goes to the puzzles.
  const showing = useRef(false);
  const panelId = useId();
  const [search, setSearch] = useDebouncedParam(str(filters.q), (q) => onChange({ q }, { replace: true }));
  const hiddenCount = activeCount - (str(filters.q).trim() ? 1 : 0);
  const fieldProps = { filters, years, manufacturers, onChange };

  // The product's placeholder is wider than a narrow window's box (cut off mid-word on a phone and
  // at 200% zoom), and a placeholder cannot wrap: there the same words show in full as the
  // box's hint, above it, and the box has no placeholder. The wide panel's column is narrow
  // too, so there the hint is shown as well.
  // A search that found nothing may be one letter out: the word puzzles have is offered right
  // under the box, where she is looking (docs/decisions/0023), and read out as it appears.
  const searchBox = (
    <div role="search">
      <Field label="Search puzzles" hint={FILTER_PLACEHOLDERS.search}>
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      <div aria-live="polite">
        {suggestion && (
          <p className="mt-3 text-lg font-semibold">
            Did you mean{' '}
            <Link
              to={{ search: `?${new URLSearchParams(browseQueryToParams({ ...filters, q: suggestion })).toString()}` }}
              className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {suggestion}
            </Link>
            ?
          </p>
        )}
      </div>
    </div>
  );

  if (narrow) {
    return (
      <section aria-labelledby={`${panelId}-heading`} className="rounded-lg border border-line bg-white">
        <div className="flex flex-col gap-4 p-4">
          <h2 id={`${panelId}-heading`} className="text-xl font-bold">
            Search &amp; Filter Puzzles
          </h2>
          {searchBox}
          <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <SheetTrigger asChild>
              <Button variant="secondary" className="self-start">
                <SlidersHorizontal aria-hidden="true" className="size-5" />
                Filters ({hiddenCount})
              </Button>
            </SheetTrigger>
            <SheetContent
              size="page"
              closeLabel="Close filters"
              aria-describedby={undefined}
              className="gap-5"
              // Escape leaves the box it was typed in without a blur: send what waits first.
              onEscapeKeyDown={() => (document.activeElement as HTMLElement | null)?.blur()}
              onCloseAutoFocus={(event) => {
                if (!showing.current) return;
                showing.current = false;
                event.preventDefault();
                onShowResults();
              }}
            >
              <SheetTitle className="pr-14 text-2xl font-bold">Filters</SheetTitle>
              <FilterFields {...fieldProps} columns="sm:grid-cols-2" />
              {/* Always in reach at the sheet's foot, the count following each choice. */}
              <div className="sticky -bottom-6 -mx-6 mt-auto -mb-6 border-t border-line bg-white px-6 py-4">
                <SheetClose asChild>
                  <Button className="w-full" onClick={() => (showing.current = true)}>
                    {resultsText === null ? 'Show puzzles' : `Show ${resultsText}`}
                  </Button>
                </SheetClose>
              </div>
            </SheetContent>
          </Sheet>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${panelId}-heading`} className="rounded-lg border border-line bg-white">
      <h2 id={`${panelId}-heading`} className="text-xl font-bold">
        <button
          type="button"
          aria-expanded={wideOpen}
          aria-controls={panelId}
          onClick={() => setWideOpen((o) => !o)}
          className="flex min-h-14 w-full flex-wrap items-center gap-3 rounded-lg px-4 py-2 text-left"
        >
          <Search aria-hidden="true" className="size-6" />
          <span>Search &amp; Filter Puzzles</span>
          {activeCount > 0 && <Badge>{activeCount} Active</Badge>}
          <ChevronDown
            aria-hidden="true"
            className={cn('ml-auto size-6 transition-transform', wideOpen && 'rotate-180')}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!wideOpen} className="flex flex-col gap-5 border-t border-line p-4">
        {searchBox}
        <FilterFields {...fieldProps} columns="grid-cols-1" />
      </div>
    </section>
  );
}
