import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  LISTING_FORM_DEFAULTS,
  SOLD_IS_FINAL_MESSAGE,
  TRADE_UNDER_WAY_MESSAGE,
  type Listing,
} from '../../../../domain/listings';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useActiveManufacturers } from '../api/get-active-manufacturers';
import { useListing } from '../../../lib/get-listing';
import { useSaveListing } from '../api/save-listing';
import { ListingForm, listingToFormValues } from '../components/listing-form';
import { isReserved } from '../listing-display';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';
import { parseUrlId } from '../../../lib/url-id';

// The page's own words for another member's listing (the server answers a save with 403);
// sold and in-trade listings get the server's own words, so a refused save never disagrees.
const NOT_YOURS = 'You can only edit your own puzzles.';

/** Why this member cannot edit this listing, or null when they can. */
function editRefusal(listing: Listing, memberId: number | undefined): string | null {
  if (listing.userId !== memberId) return NOT_YOURS;
  if (listing.status === 'sold') return SOLD_IS_FINAL_MESSAGE;
  if (isReserved(listing)) return TRADE_UNDER_WAY_MESSAGE;
  return null;
}

/** /list-puzzle, and /list-puzzle?edit={id} to edit one (docs/product/screens.md#list-a-puzzle). */
export function ListPuzzlePage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('edit');
  const editId = parseUrlId(raw);
  const editing = raw !== null;
  const title = editing ? 'Edit Puzzle Listing' : 'List a Puzzle';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const manufacturers = useActiveManufacturers();
  const listing = useListing(editId);
  const save = useSaveListing();
  const failure = useFormProblem();

  if (manufacturers.isPending || (editId !== null && listing.isPending)) return <PageSpinner />;

  if (editing && (editId === null || listing.isError)) {
    const notFound = editId === null || (listing.error instanceof ApiError && listing.error.status === 404);
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">{notFound ? 'Puzzle not found' : title}</h1>
        <p role="alert">
          {notFound ? 'There is no listing of yours with that number.' : 'The listing could not be loaded.'}
        </p>
        <Button onClick={() => void navigate(paths.myListings.getHref())}>Back to My Listings</Button>
      </div>
    );
  }

  // Anyone's live listing loads (it is public), and so does the member's own sold one: the
  // server would refuse the save, so no form is offered that could only fail.
  const refusal = editing && listing.data ? editRefusal(listing.data, user?.id) : null;
  if (refusal !== null) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p role="alert" className="text-xl font-semibold">
          {refusal}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void navigate(paths.myListings.getHref())}>Back to My Listings</Button>
          {listing.data?.status === 'active' && (
            <Link to={paths.puzzle.getHref(listing.data.id)} className={buttonClasses({ variant: 'secondary' })}>
              View the puzzle
            </Link>
          )}
        </div>
      </div>
    );
  }

  const initial = listing.data ? listingToFormValues(listing.data) : LISTING_FORM_DEFAULTS;
  // A listing keeps a manufacturer an administrator has since deactivated: it stays its choice
  // (the form offers only active ones to new listings).
  const kept = listing.data?.manufacturerId;
  const choices = manufacturers.data ?? [];
  const offered =
    kept && listing.data?.manufacturerName && !choices.some((m) => m.id === kept)
      ? [...choices, { id: kept, name: listing.data.manufacturerName }]
      : choices;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      {/* A refused or failed save: at the form's top until the member saves again (issue 14). */}
      <FormAlert problem={failure.problem} />
      <ListingForm
        key={listing.data?.id ?? 'new'}
        initial={initial}
        editing={editing}
        manufacturers={offered}
        saving={save.isPending}
        askForPhoto={listing.data?.status !== 'active'}
        onCancel={() => void navigate(paths.myListings.getHref())}
        onSubmit={(input) => {
          failure.clear();
          save.mutate(
            { id: editId, input },
            {
              onSuccess: () => {
                toast({
                  title: 'Success!',
                  description: editing ? 'Puzzle listing updated successfully' : 'Puzzle listing created successfully',
                });
                void navigate(paths.myListings.getHref());
              },
              onError: (error) => {
                const fallback = editing ? 'Failed to update puzzle listing' : 'Failed to create puzzle listing';
                const reason = errorMessage(error, '');
                failure.report({ title: 'Error', description: reason ? `${fallback}: ${reason}` : fallback });
              },
            },
          );
        }}
      />
    </div>
  );
}
