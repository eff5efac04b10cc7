import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { Search, UsersRound } from 'lucide-react';
import { z } from 'zod';
import { MEMBER_SEARCH_MAX, memberDirectoryQuerySchema } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMembers, type DirectoryFilters } from '../api/get-members';
import { MemberCard } from '../components/member-card';

// The search form: the directory query's own rules for q and town (their messages included).
const filtersSchema = memberDirectoryQuerySchema.pick({ q: true, town: true });
type FiltersInput = z.input<typeof filtersSchema>;
type FiltersOutput = z.output<typeof filtersSchema>;

/**
 * /member-directory (docs/product/members.md#the-member-directory): the club's members who show their profile, as large cards,
 * 30 at a time. Search and town live in the address, so a search can be shared or revisited.
 */
export function MemberDirectoryPage() {
  useDocumentTitle('Member Directory');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: DirectoryFilters = { q: searchParams.get('q') ?? '', town: searchParams.get('town') ?? '' };
  const results = useMembers(filters);
  const list = useRef<HTMLUListElement>(null);
  const members = results.data?.pages.flatMap((page) => page.items) ?? [];
  // The newest page's total: members may have joined since the first page came.
  const total = results.data?.pages.at(-1)?.total ?? members.length;
  const searching = filters.q !== '' || filters.town !== '';

  const search = ({ q, town }: FiltersOutput) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (town) next.set('town', town);
    setSearchParams(next);
  };
  const clear = () => setSearchParams(new URLSearchParams());

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Member Directory</h1>
        <p className="mt-2 text-lg">
          Fellow members of the club. Open a member's card to see their puzzles on offer, their achievements and what
          others say about trading with them.
        </p>
      </div>

      {/* Keyed by the address, so Back and Forward show the search they lead to. */}
      <DirectorySearch key={`${filters.q}\n${filters.town}`} filters={filters} onSearch={search} onClear={clear} />

      {results.isPending ? (
        <PageSpinner />
      ) : results.isError ? (
        <ErrorState message="The member directory could not be loaded." onRetry={() => void results.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState
          icon={UsersRound}
          title="No members found"
          headingLevel={2}
          action={
            searching ? (
              <Button variant="secondary" onClick={clear}>
                Show all members
              </Button>
            ) : undefined
          }
        >
          {searching
            ? 'Nobody matches that search. Try a first name, or the first letters of a town.'
            : 'No member has a public profile yet.'}
        </EmptyState>
      ) : (
        <>
          <p role="status" className="font-semibold">
            Showing {members.length.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')}{' '}
            {total === 1 ? 'member' : 'members'}
          </p>
          <ul ref={list} className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Members">
            {members.map((member) => (
              <li key={member.id}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
          <LoadMore results={results} list={list} />
        </>
      )}
    </div>
  );
}

function DirectorySearch({
  filters,
  onSearch,
  onClear,
}: {
  filters: DirectoryFilters;
  onSearch: (filters: FiltersOutput) => void;
  onClear: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FiltersInput, unknown, FiltersOutput>({ resolver: zodResolver(filtersSchema), defaultValues: filters });
  const searching = filters.q !== '' || filters.town !== '';
  return (
    <form
      role="search"
      aria-label="Find members"
      noValidate
      onSubmit={(event) => void handleSubmit(onSearch)(event)}
      className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4 md:flex-row md:items-start"
    >
      <Field label="Search by name" hint="A first name, or 'Margaret H.'" error={errors.q?.message} className="flex-1">
        <Input type="search" maxLength={MEMBER_SEARCH_MAX} autoComplete="off" {...register('q')} />
      </Field>
      <Field label="Town" hint="The first letters are enough" error={errors.town?.message} className="flex-1">
        <Input maxLength={MEMBER_SEARCH_MAX} autoComplete="off" {...register('town')} />
      </Field>
      <div className="flex flex-wrap gap-3 md:self-end">
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Search
        </Button>
        {searching && (
          <Button variant="secondary" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
