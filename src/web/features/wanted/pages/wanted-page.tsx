import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatClubDateTime } from '../../../../domain/dates';
import type { Listing } from '../../../../domain/listings';
import { plural } from '../../../../domain/sentences';
import type { SavedSearchView, WishView } from '../../../../domain/wanted';
// Without Zod: the page draws with no schema (docs/performance.md, 'Lighthouse 95').
import {
  placeInLine,
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_ALERT_LABELS,
  type SavedSearchAlert,
} from '../../../../domain/wanted-words';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import {
  useAddWish,
  useChangeSearch,
  useDeleteSearch,
  usePassOffer,
  useRemoveWish,
  useSavedSearches,
  useSavedSearchMatches,
  useWishes,
} from '../../../components/wanted/wanted-api';
import { api, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { Bookmark } from 'lucide-react';

export interface WantedPageProps {
  /** The listings feature's card, handed in by the router. */
  ListingCard: ComponentType<{ listing: Listing }>;
}

/** /wanted (docs/product/wanted.md): the member's saved searches with their new matches, and their wish list. */
export function WantedPage({ ListingCard }: WantedPageProps) {
  useDocumentTitle('Wanted');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('search')) || null;
  const searches = useSavedSearches();
  const open = searches.data?.find((s) => s.id === openId) ?? null;

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Wanted</h1>
      <p>
        Tell the club what you are looking for, once. We tell you when a matching puzzle is listed, and a puzzle on your
        wish list is offered to the longest-waiting member first.
      </p>
      {open ? (
        <SearchMatches search={open} ListingCard={ListingCard} onBack={() => setParams({})} />
      ) : (
        <section aria-labelledby="saved-searches-heading" className="flex flex-col gap-4">
          <h2 id="saved-searches-heading" className="text-2xl font-bold">
            My saved searches
          </h2>
          {searches.isPending ? (
            <PageSpinner />
          ) : searches.isError ? (
            <ErrorState message="Your saved searches could not be loaded." onRetry={() => void searches.refetch()} />
          ) : searches.data.length === 0 ? (
            <EmptyState
              icon={Bookmark}
              title="No saved searches yet"
              action={
                <Link to={paths.browsePuzzles.getHref()} className={buttonClasses()}>
                  Browse Puzzles
                </Link>
              }
            >
              Choose some filters on Browse Puzzles, then press ‘Save this search’.
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Saved searches">
              {searches.data.map((s) => (
                <SavedSearchRow key={s.id} search={s} onOpen={() => setParams({ search: String(s.id) })} />
              ))}
            </ul>
          )}
        </section>
      )}
      <WishList />
    </div>
  );
}

function SavedSearchRow({ search, onOpen }: { search: SavedSearchView; onOpen: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  const [alert, setAlert] = useState<SavedSearchAlert>(search.alert);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeSearch();
  const remove = useDeleteSearch();

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ id: search.id, name: name.trim(), alert }, { onSuccess: () => setEditing(false) });
  }

  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-xl font-bold">{search.name}</h3>
          <p className="text-ink-muted">{SAVED_SEARCH_ALERT_LABELS[search.alert]}</p>
          <p className="font-semibold">{search.newMatches > 0 ? `${search.newMatches} new` : 'Nothing new'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onOpen} aria-label={`Show matches for ${search.name}`}>
            Show matches
          </Button>
          <Button variant="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            Edit
          </Button>
          {confirming ? (
            <>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate(search.id, { onSuccess: () => toast({ title: 'Search deleted' }) })}
              >
                Yes, delete it
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${search.name}`}>
              Delete
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
          <FormAlert
            problem={
              change.isError
                ? { title: 'Not saved', description: errorMessage(change.error, 'Please try again.') }
                : null
            }
          />
          <Field label="Name">
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="How to tell you">
            <Select value={alert} onChange={(e) => setAlert(e.target.value as SavedSearchAlert)}>
              {SAVED_SEARCH_ALERTS.map((value) => (
                <option key={value} value={value}>
                  {SAVED_SEARCH_ALERT_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={change.isPending}>
              Save changes
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

function SearchMatches({
  search,
  ListingCard,
  onBack,
}: {
  search: SavedSearchView;
  ListingCard: WantedPageProps['ListingCard'];
  onBack: () => void;
}) {
  const [page, setPage] = useState(1);
  const matches = useSavedSearchMatches(search.id, page);
  return (
    <section aria-labelledby="matches-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="matches-heading" className="text-2xl font-bold">
          Matches for “{search.name}”
        </h2>
        <Button variant="secondary" onClick={onBack}>
          Back to my saved searches
        </Button>
      </div>
      {matches.isPending ? (
        <PageSpinner />
      ) : matches.isError ? (
        <ErrorState message="The matches could not be loaded." onRetry={() => void matches.refetch()} />
      ) : (
        <>
          <p role="status">
            {matches.data.total === 0
              ? 'No puzzles match this search at the moment.'
              : `${plural(matches.data.total, 'puzzle')}, newest first`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Matching puzzles">
            {matches.data.items.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            {page > 1 && (
              <Button variant="secondary" onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
            )}
            {matches.data.hasMore && (
              <Button variant="secondary" onClick={() => setPage(page + 1)}>
                Next page
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function WishList() {
  const wishes = useWishes();
  return (
    <section aria-labelledby="wish-list-heading" className="flex flex-col gap-4">
      <h2 id="wish-list-heading" className="text-2xl font-bold">
        My wish list
      </h2>
      <AddWishForm />
      {wishes.isPending ? (
        <PageSpinner />
      ) : wishes.isError ? (
        <ErrorState message="Your wish list could not be loaded." onRetry={() => void wishes.refetch()} />
      ) : wishes.data.length === 0 ? (
        <p>Your wish list is empty. Add a puzzle above, or press ‘Add to my wish list’ on a puzzle’s page.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Wish list">
          {wishes.data.map((w) => (
            <WishRow key={w.id} wish={w} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishRow({ wish }: { wish: WishView }) {
  const remove = useRemoveWish();
  const pass = usePassOffer();
  const details = [wish.manufacturerName, wish.pieces === null ? null : plural(wish.pieces, 'piece')].filter(Boolean);
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-xl font-bold">{wish.title}</h3>
          {details.length > 0 && <p className="text-ink-muted">{details.join(', ')}</p>}
          <p className="font-semibold">{placeInLine(wish.ahead)}</p>
        </div>
        <Button
          variant="secondary"
          disabled={remove.isPending}
          aria-label={`Remove ${wish.title} from my wish list`}
          onClick={() => remove.mutate(wish.id)}
        >
          Remove
        </Button>
      </div>
      {wish.offer && (
        <div className="mt-3 rounded-md border-2 border-brand-700 bg-brand-50 p-3">
          <p className="font-semibold">A copy is offered to you first until {formatClubDateTime(wish.offer.until)}.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link to={paths.puzzle.getHref(wish.offer.listingId)} className={buttonClasses()}>
              See the puzzle and request it
            </Link>
            <Button
              variant="secondary"
              disabled={pass.isPending}
              onClick={() =>
                pass.mutate(wish.id, {
                  onSuccess: () => toast({ title: 'Passed', description: 'The next member in line is offered it.' }),
                })
              }
            >
              Pass
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function AddWishForm() {
  const [title, setTitle] = useState('');
  const [manufacturerId, setManufacturerId] = useState('');
  const [pieces, setPieces] = useState('');
  const add = useAddWish();
  const makers = useQuery({
    queryKey: ['manufacturers', 'active'],
    queryFn: () => api.call('GET /api/manufacturers/active'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(
      {
        title: title.trim(),
        ...(manufacturerId ? { manufacturerId: Number(manufacturerId) } : {}),
        ...(pieces ? { pieces: Number(pieces) } : {}),
      },
      {
        onSuccess: () => {
          setTitle('');
          setManufacturerId('');
          setPieces('');
          toast({ title: 'Added to your wish list' });
        },
      },
    );
  }

  return (
    // Maker and pieces side by side from 640 px, and the button beside them only from 1024 px:
    // between the two its column was too narrow for its words (200% zoom on a desktop).
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <FormAlert
        className="sm:col-span-2 lg:col-span-3"
        problem={add.isError ? { title: 'Not added', description: errorMessage(add.error, 'Please try again.') } : null}
      />
      <Field label="Puzzle title" className="sm:col-span-2 lg:col-span-3">
        <Input value={title} required maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="Maker (optional)">
        <Select value={manufacturerId} onChange={(e) => setManufacturerId(e.target.value)}>
          <option value="">Any maker</option>
          {(makers.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Pieces (optional)">
        <Input type="number" inputMode="numeric" min={1} value={pieces} onChange={(e) => setPieces(e.target.value)} />
      </Field>
      <div className="flex items-end sm:col-span-2 lg:col-span-1">
        <Button type="submit" disabled={add.isPending || title.trim() === ''}>
          Add to my wish list
        </Button>
      </div>
    </form>
  );
}
