import { Link } from 'react-router';
import { Archive, ArchiveRestore, Eye, Pencil, Plus, Radio, FileText } from 'lucide-react';
import { CONDITION_LABELS, MY_LISTINGS_HEIGHT_PX, STATUS_LABELS } from '../../../../domain/constants';
import type { ListingStatus } from '../../../../domain/enums';
import { listingStatusActions, type Listing } from '../../../../domain/listings';
import { puzzlePointsLabel } from '../../../../domain/points-label';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LazyPicture } from '../../../components/ui/lazy-picture';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { formatCommunityDate, formatPieces } from '../../../lib/format';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useMyListings } from '../api/get-my-listings';
import { useUpdateListingStatus } from '../api/update-listing-status';
import { ReservedBadge } from '../components/listing-badges';
import { RESERVED_FOR_OWNER, isReserved } from '../listing-display';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

type Tab = 'all' | ListingStatus;
const TABS: { value: Tab; label: string; emptyName: string }[] = [
  { value: 'all', label: 'All', emptyName: '' },
  { value: 'draft', label: 'Drafts', emptyName: 'draft' },
  { value: 'active', label: 'Live', emptyName: 'live' },
  { value: 'archived', label: 'Archived', emptyName: 'archived' },
  { value: 'sold', label: 'Sold', emptyName: 'sold' },
];

const STATUS_BADGE: Record<ListingStatus, 'default' | 'outline' | 'highlight' | 'danger'> = {
  draft: 'outline',
  active: 'default',
  archived: 'highlight',
  sold: 'highlight',
};

/** /my-listings (docs/product/screens.md#my-listings): counts, tabs and the member's listings with their actions. */
export function MyListingsPage() {
  useDocumentTitle('My Puzzle Listings');
  const listings = useMyListings();

  if (listings.isPending) return <PageSpinner />;
  if (listings.isError) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">My Puzzle Listings</h1>
        <ErrorState message="Your listings could not be loaded." onRetry={() => void listings.refetch()} />
      </div>
    );
  }

  const all = listings.data;
  const count = (tab: Tab) => (tab === 'all' ? all.length : all.filter((l) => l.status === tab).length);
  const cards: [string, number][] = [
    ['Total', all.length],
    ['Drafts', count('draft')],
    ['Active', count('active')],
    ['Archived', count('archived')],
    ['Sold', count('sold')],
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">My Puzzle Listings</h1>
        <Link to={paths.listPuzzle.getHref()} className={buttonClasses()}>
          <Plus aria-hidden="true" className="size-5" />
          New Listing
        </Link>
      </div>

      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-5" aria-label="Listing counts">
        {cards.map(([label, n]) => (
          <li key={label} className="rounded-lg border border-line bg-white p-4 text-center">
            <p className="text-3xl font-bold">{n}</p>
            <p className="font-semibold text-ink-muted">{label}</p>
          </li>
        ))}
      </ul>

      <Tabs look="filter" defaultValue="all" className="flex flex-col gap-4">
        <TabsList aria-label="Show listings">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label} ({count(tab.value)})
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => {
          const shown = tab.value === 'all' ? all : all.filter((l) => l.status === tab.value);
          return (
            <TabsContent key={tab.value} value={tab.value} tabIndex={-1}>
              <div
                role="region"
                aria-label={`${tab.label} listings`}
                tabIndex={0}
                style={{ height: MY_LISTINGS_HEIGHT_PX }}
                className="overflow-y-auto rounded-lg border border-line bg-white"
              >
                {shown.length === 0 ? (
                  <NoListings tab={tab.value} name={tab.emptyName} />
                ) : (
                  <ul className="divide-y divide-line">
                    {shown.map((listing) => (
                      <ListingRow key={listing.id} listing={listing} />
                    ))}
                  </ul>
                )}
              </div>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}

function NoListings({ tab, name }: { tab: Tab; name: string }) {
  if (tab !== 'all') return <EmptyState framed={false} title={`No ${name} listings`} />;
  return (
    <EmptyState
      framed={false}
      title="No listings yet"
      action={
        <Link to={paths.listPuzzle.getHref()} className={buttonClasses()}>
          Create Your First Listing
        </Link>
      }
    />
  );
}

function ListingRow({ listing }: { listing: Listing }) {
  const update = useUpdateListingStatus();
  // A trade under way holds the listing: the server refuses every change until it ends.
  const reserved = isReserved(listing);
  const actions = reserved ? { toggleTo: null, archiveTo: null, canView: true } : listingStatusActions(listing.status);
  const image = listing.puzzleThumbnailUrl ?? listing.puzzleImageUrl;

  // The promise, not mutate's callbacks: a row that moves to another tab unmounts, and
  // TanStack Query skips mutate's callbacks once the component is gone (no toast).
  const change = (status: 'draft' | 'active' | 'archived', success: { title: string; description?: string }) => {
    update.mutateAsync({ id: listing.id, status }).then(
      () => toast(success),
      (error: unknown) =>
        toast({
          title: 'Update failed',
          description: errorMessage(error, 'Failed to update listing status'),
          variant: 'destructive',
        }),
    );
  };

  const dates: [string, string | null][] = [
    ['Created', listing.createdAt],
    ['Published', listing.publishedAt],
    ['Updated', listing.updatedAt],
  ];

  return (
    <li className="flex flex-col gap-4 p-4 md:flex-row md:items-start">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-brand-50">
        <LazyPicture src={image} width={96} height={96} className="size-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-bold">{listing.title}</h2>
          <Badge variant={STATUS_BADGE[listing.status]}>Status: {STATUS_LABELS[listing.status]}</Badge>
          {reserved && <ReservedBadge />}
        </div>
        {reserved && <p className="font-semibold">{RESERVED_FOR_OWNER}</p>}
        {listing.subtitle && <p className="text-ink-muted">{listing.subtitle}</p>}
        <p>
          {formatPieces(listing.pieces)} · {CONDITION_LABELS[listing.condition]} ·{' '}
          {puzzlePointsLabel(listing.puzzlePoints)}
        </p>
        <dl className="flex flex-wrap gap-x-5 text-ink-muted">
          {dates.map(([term, value]) => (
            <div key={term} className="flex gap-1">
              <dt>{term}:</dt>
              <dd>{value ? formatCommunityDate(value) : 'Not yet'}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 md:max-w-sm md:justify-end">
        {actions.toggleTo && (
          <Button
            variant="secondary"
            disabled={update.isPending}
            aria-label={`${actions.toggleTo === 'active' ? 'Make live' : 'Make draft'}: ${listing.title}`}
            onClick={() =>
              change(actions.toggleTo!, {
                title: 'Status updated',
                description: 'Listing status has been updated successfully',
              })
            }
          >
            {actions.toggleTo === 'active' ? (
              <Radio aria-hidden="true" className="size-5" />
            ) : (
              <FileText aria-hidden="true" className="size-5" />
            )}
            {actions.toggleTo === 'active' ? 'Make live' : 'Make draft'}
          </Button>
        )}
        {actions.archiveTo && (
          <Button
            variant="secondary"
            disabled={update.isPending}
            aria-label={`${actions.archiveTo === 'archived' ? 'Archive' : 'Unarchive'}: ${listing.title}`}
            onClick={() =>
              change(actions.archiveTo!, {
                title: actions.archiveTo === 'archived' ? 'Listing archived' : 'Listing unarchived',
              })
            }
          >
            {actions.archiveTo === 'archived' ? (
              <Archive aria-hidden="true" className="size-5" />
            ) : (
              <ArchiveRestore aria-hidden="true" className="size-5" />
            )}
            {actions.archiveTo === 'archived' ? 'Archive' : 'Unarchive'}
          </Button>
        )}
        {listing.status !== 'sold' && !reserved && (
          <Link
            to={paths.listPuzzle.getHref(listing.id)}
            aria-label={`Edit: ${listing.title}`}
            className={buttonClasses({ variant: 'ghost' })}
          >
            <Pencil aria-hidden="true" className="size-5" />
            Edit
          </Link>
        )}
        {actions.canView && (
          <Link
            to={paths.puzzle.getHref(listing.id)}
            aria-label={`View: ${listing.title}`}
            className={buttonClasses({ variant: 'ghost' })}
          >
            <Eye aria-hidden="true" className="size-5" />
            View
          </Link>
        )}
      </div>
    </li>
  );
}
