import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldError as RhfError, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import {
  CONDITION_LABELS,
  DIFFICULTY_LABELS,
  LISTING_DESCRIPTION_MAX,
  LISTING_POINTS_MAX,
  LISTING_POINTS_MIN,
  LISTING_POINTS_STANDARD,
} from '../../../../domain/constants';
import { DIMENSION_UNITS, LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../../../domain/enums';
import {
  LISTING_FORM_DEFAULTS,
  listingInputSchema,
  type ListingCreateStatus,
  type ListingFormValues,
  type ListingInput,
} from '../../../../domain/listings';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { Listing, Manufacturer } from '../types';
import { controlClasses } from './filter-fields';
import { ImageUploadField } from './image-upload-field';

const numberOrUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: RhfError;
  hint?: ReactNode;
  className?: string;
  children: (a: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; className: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        className: controlClasses(Boolean(error)),
      })}
      {hint && (
        <div id={`${id}-hint`} className="text-ink-muted">
          {hint}
        </div>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="flex items-start gap-2 font-semibold text-danger-700">
          <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span>{error.message}</span>
        </p>
      )}
    </div>
  );
}

export function listingToFormValues(listing: Listing): ListingFormValues {
  return {
    title: listing.title,
    subtitle: listing.subtitle ?? '',
    pieces: listing.pieces,
    dimensionValue: listing.dimensionValue,
    dimensionUnit: listing.dimensionUnit,
    manufacturerId: listing.manufacturerId,
    artist: listing.artist ?? '',
    difficulty: listing.difficulty,
    condition: listing.condition,
    yearOfManufacture: listing.yearOfManufacture,
    barcodeNumber: listing.barcodeNumber ?? '',
    description: listing.description ?? '',
    puzzlePoints: listing.puzzlePoints,
    missingPieces: listing.missingPieces,
    puzzleImageUrl: listing.puzzleImageUrl,
    boxImageUrl: listing.boxImageUrl,
  };
}

interface ListingFormProps {
  initial: ListingFormValues;
  editing: boolean;
  manufacturers: Manufacturer[];
  saving: boolean;
  onSubmit: (input: ListingInput) => void;
  onCancel: () => void;
}

/** Every field of a listing (spec sections 3 and 5), validated by the domain schema. */
export function ListingForm({ initial, editing, manufacturers, saving, onSubmit, onCancel }: ListingFormProps) {
  const form = useForm<ListingFormValues, unknown, ListingInput>({
    resolver: zodResolver(listingInputSchema),
    defaultValues: { ...LISTING_FORM_DEFAULTS, ...initial },
  });
  const { register, formState, watch, setValue, handleSubmit } = form;
  const errors = formState.errors;
  const [uploads, setUploads] = useState({ puzzle: false, box: false });
  const uploading = uploads.puzzle || uploads.box;

  const points = watch('puzzlePoints');
  const description = watch('description') ?? '';
  const pointsValue = typeof points === 'number' && !Number.isNaN(points) ? points : null;

  const submit = (status: ListingCreateStatus) =>
    handleSubmit(
      (input) => onSubmit({ ...input, status }),
      () => {
        // Take the keyboard to the first field that needs fixing.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      },
    );

  const text = (name: 'title' | 'subtitle' | 'artist' | 'barcodeNumber'): UseFormRegisterReturn => register(name);

  return (
    // Enter in a text field must not publish a half-written listing to the whole club: the
    // form never submits itself, and each of Publish and Save Draft is an explicit button.
    <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-8">
      <fieldset className="rounded-lg border border-line bg-white p-4 sm:p-6">
        <legend className="px-2">
          <h2 className="text-2xl font-bold">About the puzzle</h2>
        </legend>
        <div className="mt-2 grid gap-5 sm:grid-cols-2">
          <FormField label="Title" error={errors.title} className="sm:col-span-2">
            {(a) => <input {...a} type="text" autoComplete="off" {...text('title')} />}
          </FormField>
          <FormField label="Subtitle (optional)" error={errors.subtitle} className="sm:col-span-2">
            {(a) => <input {...a} type="text" autoComplete="off" {...text('subtitle')} />}
          </FormField>
          <FormField label="Pieces" error={errors.pieces}>
            {(a) => (
              <input
                {...a}
                type="number"
                inputMode="numeric"
                min={1}
                {...register('pieces', { setValueAs: numberOrUndefined })}
              />
            )}
          </FormField>
          <FormField label="Missing pieces" error={errors.missingPieces} hint="0 means the puzzle is complete.">
            {(a) => (
              <input
                {...a}
                type="number"
                inputMode="numeric"
                min={0}
                {...register('missingPieces', { setValueAs: numberOrUndefined })}
              />
            )}
          </FormField>
          <div className="grid grid-cols-[1fr_auto] gap-3">
            <FormField label="Size (optional)" error={errors.dimensionValue}>
              {(a) => (
                <input
                  {...a}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  {...register('dimensionValue', { setValueAs: numberOrNull })}
                />
              )}
            </FormField>
            <FormField label="Unit" error={errors.dimensionUnit}>
              {(a) => (
                <select {...a} {...register('dimensionUnit')}>
                  {DIMENSION_UNITS.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField label="Manufacturer (optional)" error={errors.manufacturerId}>
            {(a) => (
              <select {...a} {...register('manufacturerId', { setValueAs: numberOrNull })}>
                <option value="">Not listed</option>
                {manufacturers.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Artist (optional)" error={errors.artist}>
            {(a) => <input {...a} type="text" {...text('artist')} />}
          </FormField>
          <FormField label="Year of manufacture (optional)" error={errors.yearOfManufacture}>
            {(a) => (
              <input
                {...a}
                type="number"
                inputMode="numeric"
                min={1900}
                {...register('yearOfManufacture', { setValueAs: numberOrNull })}
              />
            )}
          </FormField>
          <FormField label="Difficulty" error={errors.difficulty}>
            {(a) => (
              <select {...a} {...register('difficulty')}>
                {LISTING_DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {DIFFICULTY_LABELS[d]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Condition" error={errors.condition}>
            {(a) => (
              <select {...a} {...register('condition')}>
                {LISTING_CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {CONDITION_LABELS[c]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Barcode (optional)" error={errors.barcodeNumber}>
            {(a) => <input {...a} type="text" inputMode="numeric" {...text('barcodeNumber')} />}
          </FormField>
          <FormField
            label="PuzzlePoints"
            error={errors.puzzlePoints}
            hint={
              <>
                <p>
                  From {LISTING_POINTS_MIN} to {LISTING_POINTS_MAX}.
                </p>
                {pointsValue !== null && pointsValue !== LISTING_POINTS_STANDARD && (
                  <p className="mt-1 flex items-start gap-2 rounded-md bg-highlight-100 p-2 font-semibold text-highlight-900">
                    <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
                    <span>
                      Note: {LISTING_POINTS_STANDARD} PuzzlePoints is the standard value. Is {pointsValue} intentional?
                    </span>
                  </p>
                )}
              </>
            }
          >
            {(a) => (
              <input
                {...a}
                type="number"
                inputMode="numeric"
                min={LISTING_POINTS_MIN}
                max={LISTING_POINTS_MAX}
                placeholder={`${LISTING_POINTS_STANDARD} is standard`}
                {...register('puzzlePoints', { setValueAs: numberOrUndefined })}
              />
            )}
          </FormField>
          <FormField
            label="Description (optional)"
            error={errors.description}
            className="sm:col-span-2"
            hint={
              <span aria-live="polite">
                {description.length}/{LISTING_DESCRIPTION_MAX} characters
              </span>
            }
          >
            {(a) => <textarea {...a} rows={5} maxLength={LISTING_DESCRIPTION_MAX} {...register('description')} />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-line bg-white p-4 sm:p-6">
        <legend className="px-2">
          <h2 className="text-2xl font-bold">Photos</h2>
        </legend>
        <div className="mt-2 grid gap-5 sm:grid-cols-2">
          <ImageUploadField
            label="Puzzle photo"
            value={watch('puzzleImageUrl')}
            onChange={(url) => setValue('puzzleImageUrl', url, { shouldDirty: true })}
            onBusyChange={(busy) => setUploads((u) => ({ ...u, puzzle: busy }))}
          />
          <ImageUploadField
            label="Box photo"
            value={watch('boxImageUrl')}
            onChange={(url) => setValue('boxImageUrl', url, { shouldDirty: true })}
            onBusyChange={(busy) => setUploads((u) => ({ ...u, box: busy }))}
          />
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <Button size="large" disabled={saving || uploading} onClick={(e) => void submit('active')(e)}>
          {editing ? 'Update & Publish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          size="large"
          disabled={saving || uploading}
          onClick={(e) => void submit('draft')(e)}
        >
          Save Draft
        </Button>
        <Button variant="ghost" size="large" onClick={onCancel}>
          Cancel
        </Button>
        {uploading && (
          <p role="status" className="self-center">
            Waiting for the photos to finish uploading…
          </p>
        )}
      </div>
    </form>
  );
}
