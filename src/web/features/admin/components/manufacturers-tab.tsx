import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  manufacturerCreateSchema,
  type AdminManufacturer,
  type ManufacturerCreateBody,
} from '../../../../domain/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { StepDialog } from '../../../components/ui/step-dialog';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { useCreateManufacturer } from '../api/create-manufacturer';
import { useDeleteManufacturer } from '../api/delete-manufacturer';
import { useManufacturers } from '../api/get-manufacturers';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { plural } from '../../../../domain/sentences';

// The manufacturers tab (docs/product/administration.md#manufacturers): add, rename, Activate/Deactivate, delete. A
// manufacturer listings use cannot be deleted (the server says how many use it): deactivating
// takes it off the forms while those listings keep its name.

const failed = (title: string, error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

export function ManufacturersTab() {
  const list = useManufacturers();
  return (
    <TabSection title="Manufacturers">
      <AddManufacturerForm />
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState message="Failed to fetch manufacturers" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>No manufacturers found. Create your first manufacturer above.</EmptyState>
      ) : (
        <ul
          aria-label="Manufacturers"
          className="flex flex-col divide-y divide-line rounded-lg border border-line bg-white"
        >
          {list.data.map((m) => (
            <li key={m.id}>
              <ManufacturerRow manufacturer={m} />
            </li>
          ))}
        </ul>
      )}
    </TabSection>
  );
}

function AddManufacturerForm() {
  const create = useCreateManufacturer();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ManufacturerCreateBody>({ resolver: zodResolver(manufacturerCreateSchema), defaultValues: { name: '' } });
  const onSubmit = handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values.name, {
      onSuccess: (made) => {
        reset();
        toast({ title: 'Manufacturer created successfully', description: made.name });
      },
      onError: (error) => failed('Failed to create manufacturer', error),
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      {/* Starts at 16rem, so on a phone the button wraps below the box rather than squeeze it. */}
      <Field
        label="New manufacturer name"
        error={errors.name?.message}
        className="min-w-0 flex-[1_1_16rem] sm:max-w-md"
      >
        <Input maxLength={100} {...register('name')} />
      </Field>
      <SubmitButton busy={create.isPending} label="Add Manufacturer" busyLabel="Adding..." />
    </form>
  );
}

function ManufacturerRow({ manufacturer: m }: { manufacturer: AdminManufacturer }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateManufacturer();
  const remove = useDeleteManufacturer();
  const used = `Used by ${plural(m.listingCount, 'listing')}`;

  const setActive = (isActive: boolean) =>
    update.mutate(
      { id: m.id, body: { isActive } },
      {
        onSuccess: (after) =>
          toast({
            title: 'Manufacturer updated successfully',
            description: `${after.name} is now ${after.isActive ? 'active' : 'inactive'}.`,
          }),
        onError: (error) => failed('Failed to update manufacturer', error),
      },
    );

  return (
    <article aria-label={m.name} className="flex flex-col gap-3 px-4 py-3 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {renaming ? (
          <RenameForm manufacturer={m} onDone={() => setRenaming(false)} />
        ) : (
          <p className="text-lg font-semibold break-words">{m.name}</p>
        )}
        <p className="flex flex-wrap items-center gap-2 text-ink-muted">
          <Badge variant={m.isActive ? 'default' : 'outline'}>{m.isActive ? 'Active' : 'Inactive'}</Badge>
          {used}
        </p>
      </div>
      {!renaming && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            Rename<span className="sr-only"> {m.name}</span>
          </Button>
          <Button variant="secondary" disabled={update.isPending} onClick={() => setActive(!m.isActive)}>
            {m.isActive ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {m.name}</span>
          </Button>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            Delete<span className="sr-only"> {m.name}</span>
          </Button>
        </div>
      )}
      <StepDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${m.name}?`}
        description={
          <p>
            {m.listingCount > 0
              ? `${used}: it cannot be deleted while they do. Deactivate it instead to take it off the listing form.`
              : 'It will no longer be offered on the listing form or the profile. This cannot be undone.'}
          </p>
        }
        confirmLabel="Yes, delete it"
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(m.id, {
            onSuccess: () => {
              setDeleting(false);
              toast({ title: 'Manufacturer deleted successfully', description: m.name });
            },
            onError: (error) => {
              setDeleting(false);
              failed('Failed to delete manufacturer', error);
            },
          })
        }
      />
    </article>
  );
}

function RenameForm({ manufacturer: m, onDone }: { manufacturer: AdminManufacturer; onDone: () => void }) {
  const update = useUpdateManufacturer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ManufacturerCreateBody>({
    resolver: zodResolver(manufacturerCreateSchema),
    defaultValues: { name: m.name },
  });
  const onSubmit = handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { id: m.id, body: { name: values.name } },
      {
        onSuccess: (after) => {
          onDone();
          toast({ title: 'Manufacturer updated successfully', description: `Now called ${after.name}.` });
        },
        onError: (error) => failed('Failed to update manufacturer', error),
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <Field label={`New name for ${m.name}`} error={errors.name?.message} className="min-w-0 flex-[1_1_16rem]">
        <Input maxLength={100} autoFocus {...register('name')} />
      </Field>
      <SubmitButton busy={update.isPending} label="Save" busyLabel="Saving..." />
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
