import { useNavigate, useSearchParams } from 'react-router';
import { LISTING_FORM_DEFAULTS } from '../../../../domain/listings';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useActiveManufacturers } from '../api/get-active-manufacturers';
import { useListing } from '../api/get-listing';
import { useSaveListing } from '../api/save-listing';
import { ListingForm, listingToFormValues } from '../components/listing-form';

/** /list-puzzle, and /list-puzzle?edit={id} to edit one (spec section 2). */
export function ListPuzzlePage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('edit');
  const editId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const editing = raw !== null;
  const title = editing ? 'Edit Puzzle Listing' : 'List a Puzzle';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const manufacturers = useActiveManufacturers();
  const listing = useListing(editId);
  const save = useSaveListing();

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

  const initial = listing.data ? listingToFormValues(listing.data) : LISTING_FORM_DEFAULTS;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <ListingForm
        key={listing.data?.id ?? 'new'}
        initial={initial}
        editing={editing}
        manufacturers={manufacturers.data ?? []}
        saving={save.isPending}
        onCancel={() => void navigate(paths.myListings.getHref())}
        onSubmit={(input) =>
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
                toast({
                  title: 'Error',
                  description: reason ? `${fallback}: ${reason}` : fallback,
                  variant: 'destructive',
                });
              },
            },
          )
        }
      />
    </div>
  );
}
